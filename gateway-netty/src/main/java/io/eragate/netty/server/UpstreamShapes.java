package io.eragate.netty.server;

import io.eragate.core.mcp.Era;
import io.eragate.core.route.ClientEra;
import io.eragate.core.route.UpstreamShape;
import io.eragate.netty.stdio.SessionSource;
import io.eragate.netty.stdio.StdioUpstream;
import io.eragate.netty.upstream.UpstreamTarget;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.function.Function;

/**
 * Learns what an upstream speaks, for the dispatcher: a stdio upstream at once; an HTTP upstream from its cached (or
 * probed) era (a modern one that also answered a 2025-11-25 {@code initialize} is dual-era), and a legacy one from
 * whether it speaks only the 2024-11-05 HTTP+SSE transport.
 */
final class UpstreamShapes {

    private UpstreamShapes() {
    }

    /**
     * What one upstream turned out to be.
     *
     * @param shape the shape, as a modern client's request sees it
     * @param target the HTTP target; null for a stdio upstream
     * @param session the session source of a stdio or HTTP+SSE upstream; null otherwise
     * @param eraFailure why the era could not be learned ({@link UpstreamShape#UNKNOWN}); null otherwise
     * @param sseProbeFailed the legacy upstream's transport could not be told, so it is served as Streamable HTTP
     *     to modern clients (the bridge learns otherwise), but not passed legacy traffic
     */
    record Resolved(UpstreamShape shape, UpstreamTarget target, SessionSource session, Throwable eraFailure,
            boolean sseProbeFailed) {

        /** The shape a client of {@code era} meets. */
        UpstreamShape shapeFor(ClientEra era) {
            return era == ClientEra.LEGACY && sseProbeFailed ? UpstreamShape.UNKNOWN : shape;
        }
    }

    /** The shape of {@code upstream}; completes on any thread; empty when no upstream has that name. */
    static Optional<CompletableFuture<Resolved>> of(GatewayContext context, String upstream) {
        Optional<StdioUpstream> stdio = context.stdio().get(upstream);
        if (stdio.isPresent()) {
            return Optional.of(CompletableFuture.completedFuture(
                    new Resolved(UpstreamShape.STDIO, null, stdio.get(), null, false)));
        }
        UpstreamTarget target = context.upstreams().get(upstream);
        if (target == null) {
            return Optional.empty();
        }
        return Optional.of(context.eras().recordOf(target).handle((record, failure) -> {
            if (failure != null) {
                return CompletableFuture.completedFuture(
                        new Resolved(UpstreamShape.UNKNOWN, target, null, unwrap(failure), false));
            }
            if (record.era() != Era.LEGACY) {
                return CompletableFuture.completedFuture(new Resolved(record.dualEra() ? UpstreamShape.DUAL_HTTP
                        : UpstreamShape.MODERN_HTTP, target, null, null, false));
            }
            return context.legacySse().sourceFor(target).handle((source, sseFailure) -> {
                if (sseFailure == null && source.isPresent()) {
                    return new Resolved(UpstreamShape.LEGACY_SSE, target, source.get(), null, false);
                }
                return new Resolved(UpstreamShape.LEGACY_HTTP, target, null, null, sseFailure != null);
            });
        }).thenCompose(Function.identity()));
    }

    private static Throwable unwrap(Throwable failure) {
        return failure instanceof CompletionException && failure.getCause() != null ? failure.getCause() : failure;
    }
}
