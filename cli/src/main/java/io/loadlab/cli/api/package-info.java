/**
 * The loadgen's REST API as the command line calls it: every exchange has a deadline on the whole of it, body
 * included, and a cap on the bytes it reads; an answer the caller did not want (4xx, 5xx, unreachable, too slow,
 * too large) is an {@link io.loadlab.cli.api.ApiException} carrying the API's own JSON error where there was one.
 * <p>
 * May depend on: the JDK (its {@code java.net.http} client) and Jackson. Nothing else of the command line.
 */
package io.loadlab.cli.api;
