package io.loadlab.loadgen.http;

import io.loadlab.loadgen.engine.NanoClock;
import io.loadlab.loadgen.engine.RunTimeline;
import java.net.InetSocketAddress;

/**
 * What every event loop of one run shares; immutable.
 *
 * @param tls the run's TLS client side, null for an http:// target
 * @param h2  HTTP/2 runs only (null otherwise): the request every stream sends
 * @param mix the requests compiled when the spec has a mix or values ({@link HttpRunSpec#templated()}), null for the
 *            one request of {@code template}/{@code h2}
 */
record RunContext(HttpRunSpec spec, NanoClock clock, RunTimeline timeline, RequestTemplate template,
                  Transport transport, InetSocketAddress address, ClientTls tls, H2Request h2,
                  RequestMix mix) {
}
