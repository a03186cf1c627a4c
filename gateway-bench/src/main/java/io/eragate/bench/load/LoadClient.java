package io.eragate.bench.load;

import io.netty.bootstrap.Bootstrap;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoop;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.nio.NioSocketChannel;
import io.netty.util.concurrent.DefaultThreadFactory;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * The load generator: one Netty event loop (so it takes one core at most on the machine it shares with the targets)
 * driving keep-alive HTTP/1.1 connections. Each {@link #run} is one round against one endpoint.
 */
public final class LoadClient implements AutoCloseable {
    private static final int CONNECT_TIMEOUT_MILLIS = 5_000;
    /** Slack on top of the round's own durations before a round is declared stuck. */
    private static final long STUCK_SLACK_MILLIS = 15_000;

    private final EventLoopGroup group =
            new MultiThreadIoEventLoopGroup(1, new DefaultThreadFactory("load-client", true), NioIoHandler.newFactory());
    private final Bootstrap bootstrap = new Bootstrap()
            .group(group)
            .channel(NioSocketChannel.class)
            .option(ChannelOption.TCP_NODELAY, true)
            .option(ChannelOption.CONNECT_TIMEOUT_MILLIS, CONNECT_TIMEOUT_MILLIS);

    /**
     * Runs one round of {@code profile} against {@code endpoint} and returns what was measured.
     *
     * @param maxRequests a hard cap on requests sent in the round
     * @param listener told on the event loop when the measured window opens and closes
     */
    public RoundMeasurement run(Endpoint endpoint, LoadProfile profile, long maxRequests, PhaseListener listener)
            throws InterruptedException {
        return run(endpoint, RequestShape.toolsCall(endpoint), profile, maxRequests, listener);
    }

    /** As {@link #run(Endpoint, LoadProfile, long, PhaseListener)}, sending {@code shape}'s requests. */
    RoundMeasurement run(Endpoint endpoint, RequestShape shape, LoadProfile profile, long maxRequests,
            PhaseListener listener) throws InterruptedException {
        Objects.requireNonNull(endpoint, "endpoint");
        Objects.requireNonNull(shape, "shape");
        Objects.requireNonNull(profile, "profile");
        Objects.requireNonNull(listener, "listener");
        EventLoop loop = group.next();
        List<ByteBuf> requests = shape.requests().stream()
                .map(encoded -> Unpooled.directBuffer(encoded.length).writeBytes(encoded)).toList();
        List<ByteBuf> expected = shape.expected().stream()
                .map(text -> Unpooled.copiedBuffer(text, StandardCharsets.UTF_8)).toList();
        try {
            LoadRun run = profile.mode() == LoadMode.CLOSED
                    ? new ClosedLoopRun(loop, bootstrap, endpoint, requests, expected, profile, maxRequests, listener)
                    : new OpenLoopRun(loop, bootstrap, endpoint, requests, expected, profile, maxRequests, listener);
            loop.execute(run::start);
            long bound = profile.warmup().toMillis() + profile.measure().toMillis() + LoadRun.DRAIN_MILLIS
                    + STUCK_SLACK_MILLIS + (profile.minAnswers() > 0 ? LoadRun.COMPLETION_BOUND_MILLIS : 0);
            return run.result().get(bound, TimeUnit.MILLISECONDS);
        } catch (ExecutionException e) {
            throw new IllegalStateException("round against " + endpoint + " failed", e.getCause());
        } catch (TimeoutException e) {
            throw new IllegalStateException("round against " + endpoint + " did not end", e);
        } finally {
            // Writes in flight hold retained duplicates; these releases only drop this method's references.
            requests.forEach(ByteBuf::release);
            expected.forEach(ByteBuf::release);
        }
    }

    @Override
    public void close() {
        group.shutdownGracefully(0, 2, TimeUnit.SECONDS).syncUninterruptibly();
    }
}
