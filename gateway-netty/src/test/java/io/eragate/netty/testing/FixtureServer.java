package io.eragate.netty.testing;

import io.netty.bootstrap.ServerBootstrap;
import io.netty.channel.Channel;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.group.ChannelGroup;
import io.netty.channel.group.DefaultChannelGroup;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.SocketChannel;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import io.netty.handler.codec.http.HttpObjectAggregator;
import io.netty.handler.codec.http.HttpServerCodec;
import io.netty.util.concurrent.DefaultThreadFactory;
import io.netty.util.concurrent.GlobalEventExecutor;
import java.net.InetSocketAddress;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The socket side every fixture upstream shares: its own event-loop group, a listener on 127.0.0.1 with an
 * ephemeral port, an aggregating HTTP/1.1 pipeline per connection, and a count of accepted connections.
 */
final class FixtureServer implements AutoCloseable {
    private static final long SHUTDOWN_TIMEOUT_SECONDS = 5;

    private final EventLoopGroup group;
    private final ChannelGroup channels;
    private final Channel listener;
    private final AtomicInteger connectionsAccepted = new AtomicInteger();
    private final AtomicBoolean closing = new AtomicBoolean();

    FixtureServer(String name, FixtureOptions options, RequestLog log, ExchangeHandler endpoint) {
        this(name, options, log, endpoint, 0);
    }

    /** A fixture on {@code port} of 127.0.0.1 (0: any free port), as a restarted server takes its old port again. */
    FixtureServer(String name, FixtureOptions options, RequestLog log, ExchangeHandler endpoint, int port) {
        group = new MultiThreadIoEventLoopGroup(options.ioThreads(), new DefaultThreadFactory(name, true),
                NioIoHandler.newFactory());
        channels = new DefaultChannelGroup(name, GlobalEventExecutor.INSTANCE);
        ServerBootstrap bootstrap = new ServerBootstrap()
                .group(group)
                .channel(NioServerSocketChannel.class)
                .childHandler(new ChannelInitializer<SocketChannel>() {
                    @Override
                    protected void initChannel(SocketChannel channel) {
                        connectionsAccepted.incrementAndGet();
                        channels.add(channel);
                        channel.pipeline()
                                .addLast("http", new HttpServerCodec())
                                .addLast("aggregate", new HttpObjectAggregator(options.maxRequestBytes()))
                                .addLast("fixture", new FixtureHttpHandler(FixtureServer.this, log,
                                        options.keepAliveConnection(), endpoint));
                    }
                });
        try {
            listener = bootstrap.bind("127.0.0.1", port).syncUninterruptibly().channel();
        } catch (RuntimeException e) {
            group.shutdownGracefully(0, SHUTDOWN_TIMEOUT_SECONDS, TimeUnit.SECONDS);
            throw e;
        }
    }

    int port() {
        return ((InetSocketAddress) listener.localAddress()).getPort();
    }

    int connectionsAccepted() {
        return connectionsAccepted.get();
    }

    /** True once {@link #close()} began: connections closing from then on were not closed by their clients. */
    boolean isClosing() {
        return closing.get();
    }

    /** Closes the listener and every connection, then stops the event loops; waits for both (bounded). */
    @Override
    public void close() {
        if (!closing.compareAndSet(false, true)) {
            return;
        }
        listener.close().awaitUninterruptibly(SHUTDOWN_TIMEOUT_SECONDS, TimeUnit.SECONDS);
        channels.close().awaitUninterruptibly(SHUTDOWN_TIMEOUT_SECONDS, TimeUnit.SECONDS);
        group.shutdownGracefully(0, SHUTDOWN_TIMEOUT_SECONDS, TimeUnit.SECONDS)
                .awaitUninterruptibly(2 * SHUTDOWN_TIMEOUT_SECONDS, TimeUnit.SECONDS);
    }
}
