package io.eragate.netty.upstream;

import io.netty.bootstrap.ServerBootstrap;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.EventLoop;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.SimpleChannelInboundHandler;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.SocketChannel;
import io.netty.channel.socket.nio.NioDatagramChannel;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import io.netty.channel.socket.nio.NioSocketChannel;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.HttpObjectAggregator;
import io.netty.handler.codec.http.HttpServerCodec;
import java.net.InetSocketAddress;
import java.net.URI;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;
import java.util.function.BiConsumer;

/**
 * A server on a loopback port and a pool of upstream connections to it, both on one single-threaded event loop: the
 * set-up that the tests of upstream calls and of the pool share. Close it after each test.
 */
public final class LoopbackUpstream implements AutoCloseable {
    private final EventLoopGroup group;
    private final Channel server;
    private final UpstreamPools pools;
    private final UpstreamTarget target;

    private LoopbackUpstream(EventLoopGroup group, Channel server, UpstreamPools pools, UpstreamTarget target) {
        this.group = group;
        this.server = server;
        this.pools = pools;
        this.target = target;
    }

    /**
     * Starts a server whose accepted connections get {@code childHandler}, and a pool with {@code settings} to it.
     */
    public static LoopbackUpstream start(ChannelHandler childHandler, UpstreamPoolSettings settings)
            throws InterruptedException {
        EventLoopGroup group = new MultiThreadIoEventLoopGroup(1, NioIoHandler.newFactory());
        Channel server = new ServerBootstrap().group(group).channel(NioServerSocketChannel.class)
                .childHandler(childHandler)
                .bind(new InetSocketAddress("127.0.0.1", 0)).sync().channel();
        int port = ((InetSocketAddress) server.localAddress()).getPort();
        UpstreamTarget target = UpstreamTarget.of("t", URI.create("http://127.0.0.1:" + port + "/mcp"));
        UpstreamPools pools = new UpstreamPools(group, NioSocketChannel.class, NioDatagramChannel.class, settings,
                8192);
        return new LoopbackUpstream(group, server, pools, target);
    }

    /**
     * A child handler for an HTTP server: each whole request (released after {@code answer} returns) is given to
     * {@code answer}, which writes what it wants on the connection.
     */
    public static ChannelHandler http(BiConsumer<ChannelHandlerContext, FullHttpRequest> answer) {
        return new ChannelInitializer<SocketChannel>() {
            @Override
            protected void initChannel(SocketChannel ch) {
                ch.pipeline().addLast(new HttpServerCodec(), new HttpObjectAggregator(8192),
                        new SimpleChannelInboundHandler<FullHttpRequest>() {
                            @Override
                            protected void channelRead0(ChannelHandlerContext ctx, FullHttpRequest request) {
                                answer.accept(ctx, request);
                            }
                        });
            }
        };
    }

    /** The upstream the server stands for. */
    public UpstreamTarget target() {
        return target;
    }

    /** The pool of the one event loop. */
    public UpstreamChannelPool pool() {
        return pools.forLoop((EventLoop) group.next());
    }

    /** The one event loop (which the server and the pool share). */
    public EventLoopGroup group() {
        return group;
    }

    /** Runs {@code task} on the pool's event loop and waits for its result. */
    public <T> T onLoop(Callable<T> task) throws Exception {
        return pool().eventLoop().submit(task).get(5, TimeUnit.SECONDS);
    }

    @Override
    public void close() {
        server.close().awaitUninterruptibly();
        group.shutdownGracefully(0, 1, TimeUnit.SECONDS).awaitUninterruptibly();
        pools.close();
    }
}
