/**
 * The target's Micrometer binding: the API route's own meters ({@link io.loadlab.target.metrics.RouteMeters},
 * recorded without allocation on the event loop), the server latency histogram's buckets, the common tags and
 * the CPU waits from loadlab-common, each handed to Micrometer by a CDI bean.
 * <p>May depend on: loadlab-common, Micrometer, CDI and MicroProfile Config. Never on {@code api}, {@code answer}
 * or {@code udp}: metrics names what others measure and knows none of them.
 */
package io.loadlab.target.metrics;
