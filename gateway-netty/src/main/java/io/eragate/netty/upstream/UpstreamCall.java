package io.eragate.netty.upstream;

import io.opentelemetry.context.Context;
import io.opentelemetry.context.Scope;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelFutureListener;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.HttpClientCodec;
import io.netty.handler.codec.http.HttpContent;
import io.netty.handler.codec.http.HttpResponse;
import io.netty.handler.codec.http.HttpUtil;
import io.netty.handler.codec.http.LastHttpContent;
import io.netty.util.ReferenceCountUtil;
import io.netty.util.concurrent.Future;
import io.netty.util.concurrent.ScheduledFuture;
import java.time.Duration;
import java.util.concurrent.TimeUnit;

/**
 * One HTTP request to an upstream over a pooled connection, with the answer handed to a {@link Handler} part by
 * part as it arrives. The connection goes back to the pool only after a complete, keep-alive answer; an aborted or
 * failed call closes it.
 *
 * <p>Threading: {@link #start} and every other method run on the pool's event loop, and so do the handler's
 * callbacks.
 */
public final class UpstreamCall implements UpstreamListener {

    /** Receives the answer of one call. */
    public interface Handler {
        /** The status line and headers arrived. */
        void onHead(HttpResponse head);

        /** A body part arrived; the handler owns it. {@code last} is true for the final part. */
        void onContent(HttpContent content, boolean last);

        /** The call failed: no connection, a timeout before the head, or the connection lost mid-answer. */
        void onFailure(Throwable cause, boolean beforeHead);
    }

    private enum State { ACQUIRING, AWAITING_HEAD, RECEIVING, DONE }

    private final UpstreamChannelPool pool;
    private final UpstreamTarget target;
    private final Handler handler;
    private State state = State.ACQUIRING;
    private Channel channel;
    private HttpResponse head;
    private ScheduledFuture<?> timeout;
    /** The request was handed to a connection: from here on, the upstream may have received it. */
    private boolean sent;

    private UpstreamCall(UpstreamChannelPool pool, UpstreamTarget target, Handler handler) {
        this.pool = pool;
        this.target = target;
        this.handler = handler;
    }

    /**
     * Sends {@code request} (which this call owns and releases) and reports the answer to {@code handler};
     * {@code headTimeout} bounds the wait for the response head.
     */
    public static UpstreamCall start(UpstreamChannelPool pool, UpstreamTarget target, FullHttpRequest request,
            Duration headTimeout, Handler handler) {
        return send(pool, target, request, headTimeout, handler);
    }

    /**
     * Sends a request encoded as HTTP/1.1 bytes, head and body, below the connection's HTTP codec: the codec's
     * encoder is skipped, its decoder reads the answer as usual. Only for a {@code POST} (the decoder is not told the
     * method, which matters for HEAD and CONNECT alone) to a target without credentials of the gateway's own, which
     * are added to a request object.
     *
     * <p>{@code encoder} runs only once a connection is in hand, so that no encoded buffer waits without an owner
     * while the pool finds a connection: an acquisition that never completes (the gateway closing with requests
     * queued for a connection) must not leave a pooled buffer behind.
     */
    public static UpstreamCall startEncoded(UpstreamChannelPool pool, UpstreamTarget target, RequestEncoder encoder,
            Duration headTimeout, Handler handler) {
        if (!target.credentials().isEmpty()) {
            throw new IllegalArgumentException("upstream " + target.name() + " has credentials: send a request object");
        }
        return send(pool, target, encoder, headTimeout, handler);
    }

    /** Writes a request as HTTP/1.1 bytes into a buffer of {@code alloc}, which the caller then owns. */
    @FunctionalInterface
    public interface RequestEncoder {
        /** The request's bytes, head and body. */
        ByteBuf encode(ByteBufAllocator alloc);
    }

    private static UpstreamCall send(UpstreamChannelPool pool, UpstreamTarget target, Object request,
            Duration headTimeout, Handler handler) {
        // The answer is handled in the trace context the call was made in (its log lines carry the request's trace).
        Context made = Context.current();
        UpstreamCall call = new UpstreamCall(pool, target, made == Context.root() ? handler : new Handler() {
            @Override
            public void onHead(HttpResponse head) {
                try (Scope ignored = made.makeCurrent()) {
                    handler.onHead(head);
                }
            }

            @Override
            public void onContent(HttpContent content, boolean last) {
                try (Scope ignored = made.makeCurrent()) {
                    handler.onContent(content, last);
                }
            }

            @Override
            public void onFailure(Throwable cause, boolean beforeHead) {
                try (Scope ignored = made.makeCurrent()) {
                    handler.onFailure(cause, beforeHead);
                }
            }
        });
        pool.acquire(target).addListener((Future<Channel> acquired) -> call.onAcquired(acquired, request,
                headTimeout));
        return call;
    }

    private void onAcquired(Future<Channel> acquired, Object request, Duration headTimeout) {
        if (state == State.DONE) {
            ReferenceCountUtil.release(request);
            if (acquired.isSuccess()) {
                pool.release(target, acquired.getNow());
            }
            return;
        }
        if (!acquired.isSuccess()) {
            ReferenceCountUtil.release(request);
            state = State.DONE;
            handler.onFailure(acquired.cause(), true);
            return;
        }
        channel = acquired.getNow();
        state = State.AWAITING_HEAD;
        sent = true;
        UpstreamResponseHandler.attach(channel, this);
        channel.config().setAutoRead(true);
        timeout = channel.eventLoop().schedule(() -> {
            if (state == State.AWAITING_HEAD) {
                fail(new UpstreamTimeoutException("no response from upstream " + target.name() + " within "
                        + headTimeout.toMillis() + " ms", headTimeout), true);
            }
        }, headTimeout.toNanos(), TimeUnit.NANOSECONDS);
        ChannelFuture writing = request instanceof RequestEncoder encoder
                ? channel.pipeline().context(HttpClientCodec.class).writeAndFlush(encoder.encode(channel.alloc()))
                : channel.writeAndFlush(request);
        writing.addListener((ChannelFutureListener) written -> {
            if (!written.isSuccess() && state == State.AWAITING_HEAD) {
                fail(written.cause(), true);
            }
        });
    }

    /**
     * Whether the request may have reached the upstream: false when the call failed (or was aborted) before a
     * connection took it, which makes a retry safe.
     */
    public boolean wasSent() {
        return sent;
    }

    /** Whether the call has ended (answered, failed or aborted). */
    public boolean isDone() {
        return state == State.DONE;
    }

    /** Stops the call and closes its connection: for an upstream exchange, closing is the cancellation. */
    public void abort() {
        if (state == State.DONE) {
            return;
        }
        State previous = state;
        state = State.DONE;
        cancelTimeout();
        if (previous != State.ACQUIRING && channel != null) {
            UpstreamResponseHandler.detach(channel);
            pool.discard(channel);
        }
    }

    /** Stops reading from the upstream while the consumer cannot keep up. */
    public void pauseReading() {
        if (channel != null && state == State.RECEIVING) {
            channel.config().setAutoRead(false);
        }
    }

    /** Resumes reading after {@link #pauseReading()}. */
    public void resumeReading() {
        if (channel != null && state == State.RECEIVING) {
            channel.config().setAutoRead(true);
        }
    }

    @Override
    public void onResponseHead(HttpResponse response) {
        if (state != State.AWAITING_HEAD) {
            return;
        }
        cancelTimeout();
        if (response.decoderResult().isFailure()) {
            fail(new MalformedUpstreamResponseException("malformed HTTP response from upstream " + target.name()
                    + ": " + response.decoderResult().cause()), true);
            return;
        }
        head = response;
        state = State.RECEIVING;
        handler.onHead(response);
    }

    @Override
    public void onContent(HttpContent content) {
        if (state != State.RECEIVING) {
            content.release();
            return;
        }
        boolean last = content instanceof LastHttpContent;
        if (last) {
            state = State.DONE;
            UpstreamResponseHandler.detach(channel);
            channel.config().setAutoRead(true);
            if (HttpUtil.isKeepAlive(head)) {
                pool.release(target, channel);
            } else {
                pool.discard(channel);
            }
        }
        handler.onContent(content, last);
    }

    @Override
    public void onConnectionLost(Throwable cause) {
        if (state == State.AWAITING_HEAD || state == State.RECEIVING) {
            fail(cause, state == State.AWAITING_HEAD);
        }
    }

    private void fail(Throwable cause, boolean beforeHead) {
        state = State.DONE;
        cancelTimeout();
        if (channel != null) {
            UpstreamResponseHandler.detach(channel);
            pool.discard(channel);
        }
        handler.onFailure(cause, beforeHead);
    }

    private void cancelTimeout() {
        if (timeout != null) {
            timeout.cancel(false);
            timeout = null;
        }
    }
}
