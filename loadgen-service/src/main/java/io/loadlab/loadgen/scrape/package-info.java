/**
 * Reading other services' Prometheus text: one shared {@link java.net.http.HttpClient} bean (a client per UDP run
 * left 93 threads and 101 fds instead of 28 and 41 after 20 runs; a static one failed the native build, issue 17)
 * and one parser of the exposition format. Used by the experiment (target CPU) and UDP (reflector counts) paths.
 * Depends on the JDK and CDI only.
 */
package io.loadlab.loadgen.scrape;
