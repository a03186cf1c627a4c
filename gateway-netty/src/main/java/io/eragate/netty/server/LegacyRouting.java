package io.eragate.netty.server;

import io.eragate.core.mcp.Era;
import io.eragate.netty.stdio.SessionSource;
import io.eragate.netty.upstream.UpstreamTarget;
import io.netty.channel.ChannelHandlerContext;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;

/**
 * Where a legacy-era client's request goes, once the upstream's era is known: through, unchanged, to a legacy
 * Streamable HTTP upstream; to the 2026-07-28 ladder otherwise (a modern upstream, an upstream that speaks only the
 * 2024-11-05 HTTP+SSE transport, or one whose era could not be learned), which answers as a modern-only server does.
 */
final class LegacyRouting {

    private LegacyRouting() {
    }

    /** Runs exactly one of {@code passThrough} and {@code ladder}, on {@code ctx}'s event loop. */
    static void route(ChannelHandlerContext ctx, GatewayContext context, UpstreamTarget target, Runnable passThrough,
            Runnable ladder) {
        CompletableFuture<Era> era = context.eras().eraOf(target);
        whenDone(ctx, era, () -> {
            if (era.isCompletedExceptionally() || era.join() != Era.LEGACY) {
                ladder.run();
                return;
            }
            CompletableFuture<Optional<SessionSource>> sse = context.legacySse().sourceFor(target);
            whenDone(ctx, sse, () -> {
                boolean streamableHttp = !sse.isCompletedExceptionally() && sse.join().isEmpty();
                (streamableHttp ? passThrough : ladder).run();
            });
        });
    }

    private static void whenDone(ChannelHandlerContext ctx, CompletableFuture<?> future, Runnable then) {
        if (future.isDone() && ctx.executor().inEventLoop()) {
            then.run();
        } else {
            future.whenComplete((ignored, failure) -> ctx.executor().execute(then));
        }
    }
}
