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
import io.netty.handler.codec.http.HttpServerKeepAliveHandler;
import io.netty.handler.flow.FlowControlHandler;
import java.net.InetSocketAddress;
import java.net.URI;
import java.util.concurrent.TimeUnit;

/**
 * The MCP server that {@code eragate demo} starts on a free loopback port: a small 2025-11-25 Streamable HTTP server
 * with sessions ({@code initialize} and {@code Mcp-Session-Id}), {@code logging/setLevel}, and tools {@code echo},
 * {@code add} and {@code countdown} (which streams progress and log messages over SSE). It speaks no 2026-07-28, so
 * a modern client reaches it only through the gateway's bridge.
 */
public final class DemoUpstream implements AutoCloseable {
    private static final int MAX_REQUEST_BYTES = 1 << 20;

    private final EventLoopGroup group;
    private final Channel channel;
    private final DemoSessions sessions;

    private DemoUpstream(EventLoopGroup group, Channel channel, DemoSessions sessions) {
        this.group = group;
        this.channel = channel;
        this.sessions = sessions;
    }

    /** Starts the demo server on 127.0.0.1 and a free port. */
    public static DemoUpstream start() throws InterruptedException {
        return start(DemoSessions.DEFAULT_MAX_SESSIONS);
    }

    /** Starts it keeping at most {@code maxSessions} sessions, the least recently used forgotten first. */
    static DemoUpstream start(int maxSessions) throws InterruptedException {
        DemoSessions sessions = new DemoSessions(maxSessions);
        String version = DemoUpstream.class.getPackage().getImplementationVersion();
        String serverVersion = version == null ? "dev" : version;
        EventLoopGroup group = new MultiThreadIoEventLoopGroup(1, NioIoHandler.newFactory());
        try {
            Channel channel = new ServerBootstrap()
                    .group(group)
                    .channel(NioServerSocketChannel.class)
                    .childHandler(new ChannelInitializer<SocketChannel>() {
                        @Override
                        protected void initChannel(SocketChannel ch) {
                            ch.pipeline().addLast(new HttpServerCodec(), new HttpServerKeepAliveHandler(),
                                    new HttpObjectAggregator(MAX_REQUEST_BYTES), new FlowControlHandler(),
                                    new DemoMcpHandler(sessions, serverVersion));
                        }
                    })
                    .bind(new InetSocketAddress("127.0.0.1", 0)).sync().channel();
            return new DemoUpstream(group, channel, sessions);
        } catch (InterruptedException | RuntimeException e) {
            group.shutdownGracefully(0, 1, TimeUnit.SECONDS);
            throw e;
        }
    }

    /** The MCP endpoint URL. */
    public URI uri() {
        return URI.create("http://127.0.0.1:" + ((InetSocketAddress) channel.localAddress()).getPort()
                + DemoMcpHandler.PATH);
    }

    /** How the gateway should learn the demo server's era: by probing it, which finds it legacy. */
    public EraSetting era() {
        return EraSetting.AUTO;
    }

    /** One line saying what kind of server this is. */
    public String description() {
        return "embedded 2025-11-25 demo server with sessions, SSE and progress; tools echo, add, countdown";
    }

    /** How many sessions are live, for tests. */
    int sessionCount() {
        return sessions.size();
    }

    @Override
    public void close() {
        channel.close().awaitUninterruptibly();
        group.shutdownGracefully(0, 1, TimeUnit.SECONDS).awaitUninterruptibly();
    }
}
