package io.eragate.bench.load;

import io.eragate.bench.McpSamples;
import io.netty.bootstrap.Bootstrap;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoop;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.SimpleChannelInboundHandler;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.SocketChannel;
import io.netty.channel.socket.nio.NioSocketChannel;
import io.netty.handler.codec.http.HttpContent;
import io.netty.handler.codec.http.HttpObject;
import io.netty.handler.codec.http.HttpResponse;
import io.netty.handler.codec.http.HttpResponseDecoder;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.util.concurrent.DefaultThreadFactory;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * The capacity run's client: opens {@code subscriptions/listen} streams to one endpoint, at most a bounded number
 * being set up at a time, and holds every stream whose first event, the acknowledgement, has arrived. Later events
 * (keep-alive comments) are read and dropped. One event loop, as the load client. The same client holds legacy
 * clients' GET streams, one per session, each held once its {@code 200} head has arrived.
 *
 * <p>Every field is confined to the event loop except the group.
 */
final class ListenStreams implements AutoCloseable {
    /** What the first event of every accepted stream must contain. */
    static final String ACK_METHOD = "notifications/subscriptions/acknowledged";
    private static final int CONNECT_TIMEOUT_MILLIS = 10_000;
    /** Bytes of a stream kept while its acknowledgement is looked for; an ack is far smaller. */
    private static final int MAX_HEAD_BYTES = 16 * 1024;

    private final EventLoopGroup group = new MultiThreadIoEventLoopGroup(1,
            new DefaultThreadFactory("listen-client", true), NioIoHandler.newFactory());
    private final EventLoop loop = group.next();
    private final List<Channel> held = new ArrayList<>();
    private final List<byte[]> requests;
    /** What the stream's first bytes must contain to be held; null: its {@code 200} head is enough. */
    private final String settleOn;
    private int nextRequest;
    private final Bootstrap bootstrap;
    private final int maxSettingUp;
    private int pending;
    private int wanted;
    private int started;
    private int failures;
    private String firstFailure;
    private CompletableFuture<Integer> opened;

    ListenStreams(Endpoint endpoint, int maxSettingUp) {
        this(endpoint, List.of(RequestTemplate.encode(endpoint, McpSamples.listenHeaders(), McpSamples.listenBody())),
                ACK_METHOD, maxSettingUp);
    }

    /**
     * A client whose streams send {@code requests} in turn (stream n the n-th, across every {@link #open} call, in
     * a cycle), each held once its first bytes contain {@code settleOn} (null: once its {@code 200} head arrived).
     */
    ListenStreams(Endpoint endpoint, List<byte[]> requests, String settleOn, int maxSettingUp) {
        this.requests = List.copyOf(requests);
        this.settleOn = settleOn;
        this.maxSettingUp = maxSettingUp;
        this.bootstrap = new Bootstrap().group(loop).channel(NioSocketChannel.class)
                .option(ChannelOption.TCP_NODELAY, true)
                .option(ChannelOption.CONNECT_TIMEOUT_MILLIS, CONNECT_TIMEOUT_MILLIS)
                .remoteAddress(endpoint.host(), endpoint.port())
                .handler(new ChannelInitializer<SocketChannel>() {
                    @Override
                    protected void initChannel(SocketChannel channel) {
                        channel.pipeline().addLast(new HttpResponseDecoder()).addLast(new Stream());
                    }
                });
    }

    /**
     * Opens {@code count} more streams and waits until each is acknowledged or has failed.
     *
     * @return how many streams are held now
     * @throws IllegalStateException when some did not end either way within {@code timeout}
     */
    int open(int count, Duration timeout) throws InterruptedException {
        CompletableFuture<Integer> done = new CompletableFuture<>();
        loop.execute(() -> {
            opened = done;
            wanted = count;
            started = 0;
            topUp();
        });
        try {
            return done.get(timeout.toMillis(), TimeUnit.MILLISECONDS);
        } catch (ExecutionException e) {
            throw new IllegalStateException("opening listen streams failed", e.getCause());
        } catch (TimeoutException e) {
            throw new IllegalStateException("listen streams were still being set up after " + timeout, e);
        }
    }

    /** Streams that were refused, failed or closed before their acknowledgement, since the start. */
    int failures() {
        return onLoop(() -> failures);
    }

    /** What went wrong with the first stream that failed, or {@code null}. */
    String firstFailure() {
        return onLoop(() -> firstFailure);
    }

    /** Streams held (acknowledged and still open). */
    int held() {
        return onLoop(held::size);
    }

    /** Closes every held stream, which is how a client ends its subscriptions, and waits for the closes. */
    void closeAll() throws InterruptedException {
        CompletableFuture<Void> closed = new CompletableFuture<>();
        loop.execute(() -> {
            List<Channel> channels = new ArrayList<>(held);
            held.clear();
            if (channels.isEmpty()) {
                closed.complete(null);
                return;
            }
            int[] left = {channels.size()};
            for (Channel channel : channels) {
                channel.close().addListener(f -> {
                    if (--left[0] == 0) {
                        closed.complete(null);
                    }
                });
            }
        });
        try {
            closed.get(CONNECT_TIMEOUT_MILLIS, TimeUnit.MILLISECONDS);
        } catch (ExecutionException | TimeoutException e) {
            throw new IllegalStateException("listen streams did not close", e);
        }
    }

    @Override
    public void close() {
        group.shutdownGracefully(0, 2, TimeUnit.SECONDS).syncUninterruptibly();
    }

    private void topUp() {
        while (pending < maxSettingUp && started < wanted) {
            started++;
            pending++;
            bootstrap.connect().addListener(connected -> {
                if (!connected.isSuccess()) {
                    settled(null, "connect: " + connected.cause());
                }
            });
        }
        if (pending == 0 && started >= wanted && opened != null) {
            CompletableFuture<Integer> done = opened;
            opened = null;
            done.complete(held.size());
        }
    }

    /** One stream's setup ended: {@code channel} acknowledged, or {@code failure} says why not. */
    private void settled(Channel channel, String failure) {
        pending--;
        if (channel != null) {
            held.add(channel);
        } else {
            failures++;
            if (firstFailure == null) {
                firstFailure = failure;
            }
        }
        topUp();
    }

    private <T> T onLoop(Callable<T> read) {
        try {
            return loop.submit(read).get(CONNECT_TIMEOUT_MILLIS, TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        } catch (ExecutionException | TimeoutException e) {
            throw new IllegalStateException("the listen client did not answer", e);
        }
    }

    /** One listen stream: sends the request, then reads until the acknowledgement, then drops what follows. */
    private final class Stream extends SimpleChannelInboundHandler<HttpObject> {
        private final StringBuilder head = new StringBuilder();
        private final byte[] request = requests.get(nextRequest++ % requests.size());
        private boolean settled;

        @Override
        public void channelActive(ChannelHandlerContext ctx) {
            ByteBuf bytes = Unpooled.wrappedBuffer(request);
            ctx.writeAndFlush(bytes).addListener(written -> {
                if (!written.isSuccess()) {
                    fail(ctx, "write: " + written.cause());
                }
            });
        }

        @Override
        protected void channelRead0(ChannelHandlerContext ctx, HttpObject message) {
            if (settled) {
                return;
            }
            if (message instanceof HttpResponse response && !response.status().equals(HttpResponseStatus.OK)) {
                fail(ctx, "status " + response.status());
                return;
            }
            if (message instanceof HttpResponse && settleOn == null) {
                settled = true;
                settled(ctx.channel(), null);
                return;
            }
            if (message instanceof HttpContent content) {
                head.append(content.content().toString(StandardCharsets.UTF_8));
                if (head.indexOf(settleOn) >= 0) {
                    settled = true;
                    head.setLength(0);
                    settled(ctx.channel(), null);
                } else if (head.length() > MAX_HEAD_BYTES) {
                    fail(ctx, "no acknowledgement in the first " + MAX_HEAD_BYTES + " bytes");
                }
            }
        }

        @Override
        public void channelInactive(ChannelHandlerContext ctx) {
            if (!settled) {
                fail(ctx, "closed before the acknowledgement" + (head.length() > 0 ? ": " + head : ""));
            } else {
                held.remove(ctx.channel());
            }
        }

        @Override
        public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
            fail(ctx, cause.toString());
        }

        private void fail(ChannelHandlerContext ctx, String why) {
            if (!settled) {
                settled = true;
                settled(null, why);
            }
            ctx.close();
        }
    }
}
