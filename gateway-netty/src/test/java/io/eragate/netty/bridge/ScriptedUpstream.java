package io.eragate.netty.bridge;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.MissingNode;
import io.netty.bootstrap.ServerBootstrap;
import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.SimpleChannelInboundHandler;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.SocketChannel;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import io.netty.handler.codec.http.DefaultFullHttpResponse;
import io.netty.handler.codec.http.DefaultHttpContent;
import io.netty.handler.codec.http.DefaultHttpResponse;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpObjectAggregator;
import io.netty.handler.codec.http.HttpResponse;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpServerCodec;
import io.netty.handler.codec.http.HttpUtil;
import io.netty.handler.codec.http.HttpVersion;
import io.netty.handler.codec.http.LastHttpContent;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;

/**
 * A loopback HTTP server whose every answer a test scripts: for what no fixture does (a probe answered 503, an
 * {@code initialize} refused the modern way, a server request sent mid-call, a connection that dies mid-answer).
 * Records every request it receives.
 */
final class ScriptedUpstream implements AutoCloseable {

    /** Answers one request. Runs on the upstream's event loop. */
    @FunctionalInterface
    interface Script {
        void answer(Exchange exchange);
    }

    /**
     * A received request.
     *
     * @param httpMethod POST, DELETE, …
     * @param headers header values by lower-case name (the first of repeats)
     * @param body the body as text
     * @param json the body parsed, or a missing node
     */
    record Seen(String httpMethod, Map<String, String> headers, String body, JsonNode json) {
        String rpcMethod() {
            return json.path("method").asText(null);
        }

        String header(String name) {
            return headers.get(name.toLowerCase(Locale.ROOT));
        }

        boolean isResponse() {
            return json.isObject() && !json.has("method") && (json.has("result") || json.has("error"));
        }
    }

    private final EventLoopGroup group = new MultiThreadIoEventLoopGroup(1, NioIoHandler.newFactory());
    private final List<Seen> seen = new CopyOnWriteArrayList<>();
    private final Channel listener;
    private volatile Script script;

    private ScriptedUpstream(Script script) {
        this.script = script;
        try {
            listener = new ServerBootstrap().group(group).channel(NioServerSocketChannel.class)
                    .childHandler(new ChannelInitializer<SocketChannel>() {
                        @Override
                        protected void initChannel(SocketChannel ch) {
                            ch.pipeline().addLast(new HttpServerCodec(), new HttpObjectAggregator(1 << 20),
                                    new Receiver());
                        }
                    })
                    .bind(new InetSocketAddress("127.0.0.1", 0)).sync().channel();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            group.shutdownGracefully(0, 1, TimeUnit.SECONDS);
            throw new AssertionError("Interrupted while binding", e);
        }
    }

    static ScriptedUpstream start(Script script) {
        return new ScriptedUpstream(script);
    }

    /** Replaces the script for the requests that follow. */
    void script(Script next) {
        this.script = next;
    }

    URI uri() {
        return URI.create("http://127.0.0.1:" + ((InetSocketAddress) listener.localAddress()).getPort() + "/mcp");
    }

    List<Seen> requests() {
        return List.copyOf(seen);
    }

    /** How many received JSON-RPC messages have {@code method}. */
    long count(String rpcMethod) {
        return seen.stream().filter(s -> rpcMethod.equals(s.rpcMethod())).count();
    }

    @Override
    public void close() {
        listener.close().awaitUninterruptibly();
        group.shutdownGracefully(0, 2, TimeUnit.SECONDS).awaitUninterruptibly();
    }

    private final class Receiver extends SimpleChannelInboundHandler<FullHttpRequest> {
        @Override
        protected void channelRead0(ChannelHandlerContext ctx, FullHttpRequest request) {
            Map<String, String> headers = new TreeMap<>();
            request.headers().forEach(h -> headers.putIfAbsent(h.getKey().toLowerCase(Locale.ROOT), h.getValue()));
            String body = request.content().toString(StandardCharsets.UTF_8);
            JsonNode json;
            try {
                json = body.isEmpty() ? MissingNode.getInstance() : ModernRequest.JSON.readTree(body);
            } catch (java.io.IOException e) {
                json = MissingNode.getInstance();
            }
            Seen received = new Seen(request.method().name(), Map.copyOf(headers), body, json);
            seen.add(received);
            script.answer(new Exchange(ctx, received, HttpUtil.isKeepAlive(request)));
        }

        @Override
        public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
            ctx.close();
        }
    }

    /** The answer to one request, written by the script. Methods may be called from any thread. */
    static final class Exchange {
        private final ChannelHandlerContext ctx;
        private final Seen request;
        private final boolean keepAlive;

        private Exchange(ChannelHandlerContext ctx, Seen request, boolean keepAlive) {
            this.ctx = ctx;
            this.request = request;
            this.keepAlive = keepAlive;
        }

        Seen request() {
            return request;
        }

        void json(int status, String body, Map<String, String> headers) {
            run(() -> {
                byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
                FullHttpResponse response = new DefaultFullHttpResponse(HttpVersion.HTTP_1_1,
                        HttpResponseStatus.valueOf(status), Unpooled.wrappedBuffer(bytes));
                response.headers().set(HttpHeaderNames.CONTENT_TYPE, "application/json")
                        .setInt(HttpHeaderNames.CONTENT_LENGTH, bytes.length);
                headers.forEach(response.headers()::set);
                HttpUtil.setKeepAlive(response, keepAlive);
                ctx.writeAndFlush(response);
            });
        }

        void empty(int status, Map<String, String> headers) {
            run(() -> {
                FullHttpResponse response = new DefaultFullHttpResponse(HttpVersion.HTTP_1_1,
                        HttpResponseStatus.valueOf(status), Unpooled.EMPTY_BUFFER);
                response.headers().setInt(HttpHeaderNames.CONTENT_LENGTH, 0);
                headers.forEach(response.headers()::set);
                HttpUtil.setKeepAlive(response, keepAlive);
                ctx.writeAndFlush(response);
            });
        }

        /** Opens a chunked SSE answer. */
        void sseStart(Map<String, String> headers) {
            run(() -> {
                HttpResponse head = new DefaultHttpResponse(HttpVersion.HTTP_1_1, HttpResponseStatus.OK);
                head.headers().set(HttpHeaderNames.CONTENT_TYPE, "text/event-stream");
                headers.forEach(head.headers()::set);
                HttpUtil.setTransferEncodingChunked(head, true);
                ctx.writeAndFlush(head);
            });
        }

        void sseEvent(String json) {
            run(() -> ctx.writeAndFlush(new DefaultHttpContent(Unpooled.copiedBuffer(
                    "event: message\ndata: " + json + "\n\n", StandardCharsets.UTF_8))));
        }

        void sseEnd() {
            run(() -> ctx.writeAndFlush(LastHttpContent.EMPTY_LAST_CONTENT));
        }

        /** An SSE comment, as keep-alive pings are sent. */
        void sseComment(String text) {
            run(() -> ctx.writeAndFlush(new DefaultHttpContent(Unpooled.copiedBuffer(": " + text + "\n\n",
                    StandardCharsets.UTF_8))));
        }

        /** Whether the gateway still holds this request's connection open. */
        boolean connectionOpen() {
            return ctx.channel().isOpen();
        }

        /** Writes {@code bytes} as they are, with no HTTP framing, past the response encoder. */
        void raw(byte[] bytes) {
            run(() -> ctx.pipeline().firstContext().writeAndFlush(Unpooled.wrappedBuffer(bytes)));
        }

        /** Resets the connection (RST, not FIN), whatever was written so far. */
        void reset() {
            run(() -> {
                ctx.channel().config().setOption(io.netty.channel.ChannelOption.SO_LINGER, 0);
                ctx.channel().close();
            });
        }

        /** Closes the connection, whatever was written so far. */
        void die() {
            run(() -> ctx.channel().close());
        }

        private void run(Runnable task) {
            if (ctx.executor().inEventLoop()) {
                task.run();
            } else {
                ctx.executor().execute(task);
            }
        }
    }
}
