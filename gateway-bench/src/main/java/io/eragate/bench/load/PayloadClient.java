package io.eragate.bench.load;

import io.netty.bootstrap.Bootstrap;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
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
import io.netty.handler.codec.http.LastHttpContent;
import io.netty.util.concurrent.DefaultThreadFactory;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * The large-payload run's client: a closed loop on a few keep-alive connections, each sending the same request as
 * soon as the previous answer has ended. Answers are streamed, never aggregated: the client counts their bytes and
 * their SSE events, so its own memory stays flat whatever the size. An answer counts when it is a 200 of at least
 * the expected size and events.
 *
 * <p>Every field of a round is confined to the client's event loop.
 */
final class PayloadClient implements AutoCloseable {
    private static final int CONNECT_TIMEOUT_MILLIS = 5_000;
    private static final long STUCK_SLACK_MILLIS = 30_000;
    /** The longest a round waits past its window for its {@code minAnswers}. */
    static final long COMPLETION_BOUND_MILLIS = 60_000;

    private final EventLoopGroup group = new MultiThreadIoEventLoopGroup(1,
            new DefaultThreadFactory("payload-client", true), NioIoHandler.newFactory());

    /**
     * What one round counted in its measured window.
     *
     * @param answers answers that met the expectation
     * @param errors answers that did not, and connections lost mid-answer
     * @param bytes body bytes received
     * @param events SSE events received
     * @param seconds length of the measured window
     * @param firstError what the first failure was, or {@code null}
     */
    record Measurement(long answers, long errors, long bytes, long events, double seconds, String firstError) {
    }

    /**
     * Runs one round against {@code endpoint}: warm-up, then the measured window, kept open past its end until
     * {@code minAnswers} answers have been counted in it (for at most {@link #COMPLETION_BOUND_MILLIS} more).
     *
     * @param minBytes smallest body a successful answer has
     * @param minEvents fewest SSE events a successful answer has (0 for a JSON answer)
     */
    Measurement run(Endpoint endpoint, byte[] request, long minBytes, long minEvents, int connections,
            long warmupMillis, long measureMillis, int minAnswers) throws InterruptedException {
        EventLoop loop = group.next();
        Round round = new Round(loop, endpoint, request, minBytes, minEvents, connections, minAnswers);
        loop.execute(() -> round.start(warmupMillis, measureMillis));
        try {
            return round.result.get(warmupMillis + measureMillis + COMPLETION_BOUND_MILLIS + STUCK_SLACK_MILLIS,
                    TimeUnit.MILLISECONDS);
        } catch (ExecutionException e) {
            throw new IllegalStateException("payload round against " + endpoint + " failed", e.getCause());
        } catch (TimeoutException e) {
            throw new IllegalStateException("payload round against " + endpoint + " did not end", e);
        }
    }

    @Override
    public void close() {
        group.shutdownGracefully(0, 2, TimeUnit.SECONDS).syncUninterruptibly();
    }

    private static final class Round {
        private final EventLoop loop;
        private final byte[] request;
        private final long minBytes;
        private final long minEvents;
        private final int connections;
        private final int minAnswers;
        private final Bootstrap bootstrap;
        private final CompletableFuture<Measurement> result = new CompletableFuture<>();
        private final List<ChannelHandlerContext> open = new ArrayList<>();
        private boolean measuring;
        private boolean ended;
        private boolean overtime;
        private long measureStart;
        private long answers;
        private long errors;
        private long bytes;
        private long events;
        private String firstError;

        Round(EventLoop loop, Endpoint endpoint, byte[] request, long minBytes, long minEvents, int connections,
                int minAnswers) {
            this.loop = loop;
            this.minAnswers = minAnswers;
            this.request = request;
            this.minBytes = minBytes;
            this.minEvents = minEvents;
            this.connections = connections;
            this.bootstrap = new Bootstrap().group(loop).channel(NioSocketChannel.class)
                    .option(ChannelOption.TCP_NODELAY, true)
                    .option(ChannelOption.CONNECT_TIMEOUT_MILLIS, CONNECT_TIMEOUT_MILLIS)
                    .remoteAddress(endpoint.host(), endpoint.port())
                    .handler(new ChannelInitializer<SocketChannel>() {
                        @Override
                        protected void initChannel(SocketChannel channel) {
                            channel.pipeline().addLast(new HttpResponseDecoder()).addLast(new Connection());
                        }
                    });
        }

        void start(long warmupMillis, long measureMillis) {
            for (int i = 0; i < connections; i++) {
                bootstrap.connect().addListener(connected -> {
                    if (!connected.isSuccess()) {
                        failed("connect: " + connected.cause());
                    }
                });
            }
            loop.schedule(() -> {
                measuring = true;
                measureStart = System.nanoTime();
            }, warmupMillis, TimeUnit.MILLISECONDS);
            loop.schedule(this::windowClosed, warmupMillis + measureMillis, TimeUnit.MILLISECONDS);
        }

        private void windowClosed() {
            if (answers < minAnswers) {
                overtime = true;
                loop.schedule(this::end, COMPLETION_BOUND_MILLIS, TimeUnit.MILLISECONDS);
                return;
            }
            end();
        }

        private void end() {
            if (ended) {
                return;
            }
            double seconds = (System.nanoTime() - measureStart) / 1e9;
            measuring = false;
            ended = true;
            List<ChannelHandlerContext> channels = new ArrayList<>(open);
            open.clear();
            channels.forEach(ChannelHandlerContext::close);
            result.complete(new Measurement(answers, errors, bytes, events, seconds, firstError));
        }

        private void failed(String why) {
            if (measuring) {
                errors++;
            }
            if (firstError == null) {
                firstError = why;
            }
        }

        /** One connection: sends, counts the answer as it streams in, sends again once it has ended. */
        private final class Connection extends SimpleChannelInboundHandler<HttpObject> {
            private boolean ok;
            private long answerBytes;
            private long answerEvents;
            private boolean lastWasNewline;
            private boolean inFlight;

            @Override
            public void channelActive(ChannelHandlerContext ctx) {
                open.add(ctx);
                send(ctx);
            }

            private void send(ChannelHandlerContext ctx) {
                if (ended) {
                    return;
                }
                ok = true;
                answerBytes = 0;
                answerEvents = 0;
                lastWasNewline = false;
                inFlight = true;
                ctx.writeAndFlush(Unpooled.wrappedBuffer(request));
            }

            @Override
            protected void channelRead0(ChannelHandlerContext ctx, HttpObject message) {
                if (message instanceof HttpResponse response && !response.status().equals(HttpResponseStatus.OK)) {
                    ok = false;
                    if (firstError == null) {
                        firstError = "status " + response.status();
                    }
                }
                if (message instanceof HttpContent content) {
                    count(content.content());
                }
                if (message instanceof LastHttpContent) {
                    inFlight = false;
                    boolean success = ok && answerBytes >= minBytes && answerEvents >= minEvents;
                    if (measuring) {
                        bytes += answerBytes;
                        events += answerEvents;
                        if (success) {
                            answers++;
                        }
                    }
                    if (overtime && answers >= minAnswers) {
                        end();
                        return;
                    }
                    if (!success) {
                        failed("answer of " + answerBytes + " bytes and " + answerEvents + " events (wanted "
                                + minBytes + " and " + minEvents + ")");
                    }
                    send(ctx);
                }
            }

            /** Counts body bytes and the blank lines that end SSE events, across chunk boundaries. */
            private void count(ByteBuf content) {
                answerBytes += content.readableBytes();
                content.forEachByte(b -> {
                    if (b == '\n') {
                        if (lastWasNewline) {
                            answerEvents++;
                        }
                        lastWasNewline = true;
                    } else if (b != '\r') {
                        lastWasNewline = false;
                    }
                    return true;
                });
            }

            @Override
            public void channelInactive(ChannelHandlerContext ctx) {
                open.remove(ctx);
                if (inFlight && !ended) {
                    failed("connection closed mid-answer");
                }
            }

            @Override
            public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
                failed(cause.toString());
                ctx.close();
            }
        }
    }
}
