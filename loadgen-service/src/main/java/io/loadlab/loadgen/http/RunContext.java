package io.loadlab.loadgen.http;

import io.loadlab.loadgen.engine.NanoClock;
import io.loadlab.loadgen.engine.RunTimeline;
import io.netty.channel.socket.SocketChannel;

import java.net.InetSocketAddress;
import java.util.function.Supplier;

/** What every event loop of one run shares; immutable. */
record RunContext(HttpRunSpec spec, NanoClock clock, RunTimeline timeline, RequestTemplate template,
                  Supplier<SocketChannel> channels, InetSocketAddress address) {
}
