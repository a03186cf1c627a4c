package io.eragate.netty.demo;

import io.eragate.core.config.EraSetting;
import io.netty.bootstrap.ServerBootstrap;
import io.netty.channel.Channel;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.SocketChannel;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import io.netty.handler.codec.http.HttpObjectAggregator;
import io.netty.handler.codec.http.HttpServerCodec;
import java.net.InetSocketAddress;
import java.net.URI;
import java.util.concurrent.TimeUnit;

/**
 * The MCP server that {@code eragate demo} starts on a free loopback port: a small 2026-07-28 server with tools
 * {@code echo}, {@code add} and {@code countdown} (which streams progress over SSE).
 */
public final class DemoUpstream implements AutoCloseable {
    private final EventLoopGroup group;
    private final Channel channel;

    private DemoUpstream(EventLoopGroup group, Channel channel) {
        this.group = group;
        this.channel = channel;
    }

    /** Starts the demo server on 127.0.0.1 and a free port. */
    public static DemoUpstream start() throws InterruptedException {
        EventLoopGroup group = new MultiThreadIoEventLoopGroup(1, NioIoHandler.newFactory());
        try {
            Channel channel = new ServerBootstrap()
                    .group(group)
                    .channel(NioServerSocketChannel.class)
                    .childHandler(new ChannelInitializer<SocketChannel>() {
                        @Override
                        protected void initChannel(SocketChannel ch) {
                            ch.pipeline().addLast(new HttpServerCodec(), new HttpObjectAggregator(1 << 20),
                                    new DemoMcpHandler());
                        }
                    })
                    .bind(new InetSocketAddress("127.0.0.1", 0)).sync().channel();
            return new DemoUpstream(group, channel);
        } catch (InterruptedException | RuntimeException e) {
            group.shutdownGracefully(0, 1, TimeUnit.SECONDS);
            throw e;
        }
    }

    /** The MCP endpoint URL. */
    public URI uri() {
        return URI.create("http://127.0.0.1:" + ((InetSocketAddress) channel.localAddress()).getPort() + "/mcp");
    }

    /** The era the demo server speaks, which the gateway is configured with. */
    public EraSetting era() {
        return EraSetting.MODERN;
    }

    /** One line saying what kind of server this is. */
    public String description() {
        return "embedded 2026-07-28 demo server: tools echo, add, countdown";
    }

    @Override
    public void close() {
        channel.close().awaitUninterruptibly();
        group.shutdownGracefully(0, 1, TimeUnit.SECONDS).awaitUninterruptibly();
    }
}
