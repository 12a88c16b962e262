package io.loadlab.loadgen.http;

import io.netty.channel.EventLoop;
import io.netty.channel.MultithreadEventLoopGroup;

import java.util.concurrent.Executor;
import java.util.concurrent.ThreadFactory;

/** A run's {@link ShortConnectionLoop}s, one per thread it asked for. */
final class ShortConnectionGroup extends MultithreadEventLoopGroup {

    ShortConnectionGroup(int threads, ThreadFactory threadFactory) {
        super(threads, threadFactory);
    }

    @Override
    protected EventLoop newChild(Executor executor, Object... args) {
        return new ShortConnectionLoop(this, executor);
    }
}
