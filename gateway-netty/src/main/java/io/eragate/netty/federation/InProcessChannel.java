package io.eragate.netty.federation;

import io.eragate.netty.upstream.UpstreamCall;
import io.netty.channel.AbstractChannel;
import io.netty.channel.ChannelConfig;
import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelMetadata;
import io.netty.channel.ChannelOutboundBuffer;
import io.netty.channel.ChannelPromise;
import io.netty.channel.DefaultChannelConfig;
import io.netty.channel.EventLoop;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.HttpContent;
import io.netty.handler.codec.http.HttpResponse;
import io.netty.handler.codec.http.LastHttpContent;
import io.netty.util.ReferenceCountUtil;
import io.netty.util.concurrent.ScheduledFuture;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.SocketAddress;
import java.time.Duration;
import java.util.concurrent.TimeUnit;

/**
 * One internal request served inside the process, without a socket: a channel with no transport, on the caller's
 * event loop, whose pipeline is the internal endpoint's own handlers (the same that serve it over loopback TCP,
 * minus the HTTP codec). The request is read into that pipeline as one {@link FullHttpRequest}; what the pipeline
 * writes back (the answer's head and body parts) goes to an {@link UpstreamCall.Handler}, as an upstream answer
 * would. The channel serves one request and closes when its answer ends; closing it (the caller's abort) is, for
 * the exchange serving it, the client going away.
 *
 * <p>Threading: confined to its event loop.
 */
public final class InProcessChannel extends AbstractChannel {
    private static final ChannelMetadata METADATA = new ChannelMetadata(false);
    /** Internal requests come from the gateway itself, as over the loopback listener. */
    private static final SocketAddress LOOPBACK = new InetSocketAddress(InetAddress.getLoopbackAddress(), 0);

    private final ChannelConfig config = new DefaultChannelConfig(this);
    private final UpstreamCall.Handler answer;
    private boolean open = true;
    private boolean headSeen;
    private boolean ended;
    private ScheduledFuture<?> headTimer;

    private InProcessChannel(UpstreamCall.Handler answer) {
        super(null);
        this.answer = answer;
    }

    /**
     * Serves {@code request} (which the channel owns) on {@code loop} through {@code handlers}; {@code answer} hears
     * the head, the body parts, or a failure (none within {@code headTimeout}, or the pipeline closing early).
     */
    static InProcessChannel start(EventLoop loop, ChannelHandler[] handlers, FullHttpRequest request,
            Duration headTimeout, UpstreamCall.Handler answer) {
        InProcessChannel channel = new InProcessChannel(answer);
        channel.pipeline().addLast(handlers);
        loop.register(channel).addListener(registered -> {
            if (!registered.isSuccess()) {
                request.release();
                channel.fail(registered.cause());
                return;
            }
            channel.headTimer = loop.schedule(channel::headTimedOut, headTimeout.toNanos(), TimeUnit.NANOSECONDS);
            channel.pipeline().fireChannelRead(request);
            channel.pipeline().fireChannelReadComplete();
        });
        return channel;
    }

    private void headTimedOut() {
        if (!headSeen && !ended) {
            fail(new IOException("the internal exchange gave no answer in time"));
            close();
        }
    }

    private void fail(Throwable cause) {
        if (!ended) {
            ended = true;
            cancelHeadTimer();
            answer.onFailure(cause, !headSeen);
        }
    }

    private void cancelHeadTimer() {
        if (headTimer != null) {
            headTimer.cancel(false);
            headTimer = null;
        }
    }

    @Override
    protected void doWrite(ChannelOutboundBuffer in) {
        Object message;
        while ((message = in.current()) != null) {
            // The buffer releases what it removes; the answer owns what it is handed.
            ReferenceCountUtil.retain(message);
            in.remove();
            deliver(message);
        }
    }

    private void deliver(Object message) {
        if (ended) {
            ReferenceCountUtil.release(message);
            return;
        }
        if (message instanceof HttpResponse head) {
            headSeen = true;
            cancelHeadTimer();
            answer.onHead(head);
        }
        if (message instanceof HttpContent content && headSeen) {
            boolean last = content instanceof LastHttpContent;
            ended = last;
            answer.onContent(content, last);
            if (last) {
                close();
            }
        } else if (!(message instanceof HttpResponse)) {
            // A flush marker (an empty buffer before a close), or content without a head: nothing to relay.
            ReferenceCountUtil.release(message);
        }
    }

    @Override
    protected void doClose() {
        open = false;
        fail(new IOException("the internal exchange closed before its answer ended"));
    }

    @Override
    protected AbstractUnsafe newUnsafe() {
        return new AbstractUnsafe() {
            @Override
            public void connect(SocketAddress remote, SocketAddress local, ChannelPromise promise) {
                promise.setFailure(new UnsupportedOperationException("an in-process channel connects nowhere"));
            }
        };
    }

    @Override
    protected boolean isCompatible(EventLoop loop) {
        // No I/O is registered with the loop: any loop runs it.
        return true;
    }

    @Override
    protected SocketAddress localAddress0() {
        return LOOPBACK;
    }

    @Override
    protected SocketAddress remoteAddress0() {
        return LOOPBACK;
    }

    @Override
    protected void doBind(SocketAddress local) {
        throw new UnsupportedOperationException("an in-process channel binds nowhere");
    }

    @Override
    protected void doDisconnect() {
        doClose();
    }

    @Override
    protected void doBeginRead() {
        // The one request is read in by start; there is nothing more to read.
    }

    @Override
    public ChannelConfig config() {
        return config;
    }

    @Override
    public boolean isOpen() {
        return open;
    }

    @Override
    public boolean isActive() {
        return open;
    }

    @Override
    public ChannelMetadata metadata() {
        return METADATA;
    }
}
