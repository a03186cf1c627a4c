package io.eragate.netty.upstream;

import io.eragate.core.auth.TokenExchanges;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelOutboundHandlerAdapter;
import io.netty.channel.ChannelPromise;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.util.ReferenceCountUtil;
import java.util.concurrent.CompletableFuture;

/**
 * Adds the gateway's credentials for the upstream to every request head written on the connection. When the first
 * OAuth token (or a principal's exchanged token) is still on its way, the write waits for it (off the event loop,
 * then back on it); requests on one upstream connection are sequential, so nothing overtakes it.
 */
final class UpstreamCredentialsHandler extends ChannelOutboundHandlerAdapter {
    private final UpstreamCredentials credentials;

    UpstreamCredentialsHandler(UpstreamCredentials credentials) {
        this.credentials = credentials;
    }

    @Override
    public void write(ChannelHandlerContext ctx, Object msg, ChannelPromise promise) {
        if (!(msg instanceof HttpRequest request)) {
            ctx.write(msg, promise);
            return;
        }
        CompletableFuture<Void> added = credentials.addTo(request.headers());
        if (added.isDone() && !added.isCompletedExceptionally()) {
            ctx.write(msg, promise);
            return;
        }
        added.whenComplete((ignored, failure) -> ctx.executor().execute(() -> {
            if (failure != null) {
                ReferenceCountUtil.release(msg);
                Throwable root = failure.getCause() != null ? failure.getCause() : failure;
                // A refused exchange keeps its type: the client's 502 names the upstream and the refusal.
                promise.tryFailure(root instanceof TokenExchanges.Failed ? root
                        : new IllegalStateException("no OAuth token for the upstream: " + rootMessage(failure)));
                return;
            }
            ctx.writeAndFlush(msg, promise);
        }));
    }

    private static String rootMessage(Throwable failure) {
        Throwable cause = failure;
        while (cause.getCause() != null) {
            cause = cause.getCause();
        }
        return cause.getMessage();
    }
}
