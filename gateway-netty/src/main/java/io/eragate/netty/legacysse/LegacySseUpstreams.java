package io.eragate.netty.legacysse;

import com.fasterxml.jackson.databind.JsonNode;
import io.eragate.core.era.OriginKey;
import io.eragate.core.jsonrpc.JsonRpcCodec;
import io.eragate.core.legacysse.HttpSseFallback;
import io.eragate.core.stdio.SharedProcessClient;
import io.eragate.netty.bridge.EraDirectory;
import io.eragate.netty.stdio.SessionSource;
import io.eragate.netty.upstream.UpstreamPools;
import io.eragate.netty.upstream.UpstreamTarget;
import java.io.IOException;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;

/**
 * The transport of each legacy HTTP upstream: 2025 Streamable HTTP (served by the legacy bridge) or 2024-11-05
 * HTTP+SSE (served here). Learned once per upstream, at its first legacy request, and only when the era probe's
 * answer leaves room for it (a 400/404/405 that was no JSON-RPC error), so a 2025 server that answered the probe in
 * JSON-RPC is never asked anything more.
 */
public final class LegacySseUpstreams implements AutoCloseable {
    private final UpstreamPools pools;
    private final EraDirectory eras;
    private final SharedProcessClient client;
    private final HttpSseDetector detector;
    private final Duration requestTimeout;
    private final Duration initializeTimeout;
    private final int maxInFlight;
    private final Map<String, CompletableFuture<Optional<SseUpstream>>> transports = new ConcurrentHashMap<>();

    /**
     * @param requestTimeout how long one request may take ({@code limits.upstreamResponseTimeout})
     * @param initializeTimeout opening a session: the event stream's endpoint and the {@code initialize}
     * @param detectTimeout each step of detecting the transport ({@code eras.probeTimeout})
     * @param maxInFlight requests one session carries at once ({@code bridge.maxInFlightPerSession})
     */
    public LegacySseUpstreams(UpstreamPools pools, EraDirectory eras, String gatewayVersion, Duration requestTimeout,
            Duration initializeTimeout, Duration detectTimeout, int maxInFlight) {
        this.pools = pools;
        this.eras = eras;
        this.client = new SharedProcessClient(gatewayVersion);
        this.detector = new HttpSseDetector(client, detectTimeout);
        this.requestTimeout = requestTimeout;
        this.initializeTimeout = initializeTimeout;
        this.maxInFlight = maxInFlight;
    }

    /**
     * The HTTP+SSE upstream serving {@code target}, or empty when {@code target} is a Streamable HTTP server (or the
     * transport could not be learned now: the bridge then reports why). Call it only for upstreams of the legacy era.
     * Completes on any thread.
     */
    public CompletableFuture<Optional<SessionSource>> sourceFor(UpstreamTarget target) {
        CompletableFuture<Optional<SseUpstream>> transport = transports.computeIfAbsent(target.name(),
                name -> learn(target));
        return transport.thenApply(found -> found.map(upstream -> (SessionSource) upstream));
    }

    private CompletableFuture<Optional<SseUpstream>> learn(UpstreamTarget target) {
        if (!HttpSseFallback.probeAllowsHttpSse(probeDetail(target))) {
            return CompletableFuture.completedFuture(Optional.empty());
        }
        return detector.detect(pools.current(), target).handle((sse, failure) -> {
            if (failure != null) {
                // Unreachable now: nothing is learned, and the next request asks again.
                transports.remove(target.name());
                return Optional.empty();
            }
            return sse ? Optional.of(new SseUpstream(target, pools, client, requestTimeout, initializeTimeout,
                    maxInFlight)) : Optional.empty();
        });
    }

    /** What the era probe of {@code target}'s origin recorded, from the era report. */
    private String probeDetail(UpstreamTarget target) {
        String origin = OriginKey.of(target.url()).toString();
        try {
            for (JsonNode entry : JsonRpcCodec.mapper().readTree(eras.reportJson()).path("origins")) {
                if (origin.equals(entry.path("origin").asText())) {
                    return entry.path("detail").asText(null);
                }
            }
        } catch (IOException e) {
            return null;
        }
        return null;
    }

    /** Whether {@code upstream} was found to speak only the 2024-11-05 HTTP+SSE transport. */
    public boolean speaksHttpSse(String upstream) {
        CompletableFuture<Optional<SseUpstream>> transport = transports.get(upstream);
        return transport != null && transport.isDone() && !transport.isCompletedExceptionally()
                && transport.join().isPresent();
    }

    /**
     * A reload removed or changed {@code upstreams}: the next request learns their transport anew, and the sessions
     * of the old ones end once every request in flight on them has had its {@code requestTimeout}.
     */
    public void retire(Set<String> upstreams) {
        for (String upstream : upstreams) {
            CompletableFuture<Optional<SseUpstream>> transport = transports.remove(upstream);
            if (transport != null) {
                transport.thenAccept(found -> found.ifPresent(sse -> CompletableFuture.runAsync(sse::close,
                        CompletableFuture.delayedExecutor(requestTimeout.toMillis(), TimeUnit.MILLISECONDS))));
            }
        }
    }

    /** Ends every HTTP+SSE session; requests on them fail with 502. */
    @Override
    public void close() {
        for (CompletableFuture<Optional<SseUpstream>> transport : List.copyOf(transports.values())) {
            transport.getNow(Optional.empty()).ifPresent(SseUpstream::close);
        }
    }
}
