/**
 * Reading other services' Prometheus text: one shared {@link java.net.http.HttpClient} bean (a client per UDP run
 * left 93 threads and 101 fds instead of 28 and 41 after 20 runs; a static one failed the native build, issue 17),
 * one parser of the exposition format, and a body capped in bytes for any answer read whole. Used by the experiment
 * (target CPU), resource (Prometheus API), distributed (agent answers) and UDP (reflector counts) paths.
 * Depends on the JDK and CDI only.
 */
package io.loadlab.loadgen.scrape;
