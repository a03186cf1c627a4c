package io.eragate.netty.bridge;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.eragate.core.era.LegacyInitializeProbe;
import io.eragate.core.era.ProbeAnswer;
import io.eragate.core.era.ProbeClassifier;
import io.eragate.core.era.ProbeVerdict;
import io.eragate.core.jsonrpc.JsonRpcId;
import io.eragate.core.jsonrpc.JsonRpcRequest;
import io.eragate.core.mcp.McpHeaders;
import io.eragate.core.mcp.MetaKeys;
import io.eragate.core.mcp.Methods;
import io.eragate.core.mcp.ProtocolVersions;
import io.eragate.netty.telemetry.UpstreamSpan;
import io.eragate.netty.upstream.BufferedUpstreamCall;
import io.eragate.netty.upstream.UpstreamChannelPool;
import io.eragate.netty.upstream.UpstreamTarget;
import io.netty.handler.codec.http.FullHttpRequest;
import java.net.ConnectException;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicLong;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Probes an HTTP upstream's era with a {@code server/discover} POST that carries the full 2026-07-28 envelope and
 * headers, and classifies the answer with the core {@link ProbeClassifier}.
 */
final class HttpEraProber {
    private static final Logger log = LoggerFactory.getLogger(HttpEraProber.class);
    /** A discover answer is small; anything larger than this is not one. */
    private static final int MAX_PROBE_BODY_BYTES = 256 * 1024;
    private static final AtomicLong PROBE_IDS = new AtomicLong();

    private final Duration timeout;
    private final String gatewayVersion;
    /** Probes since start by result: modern, legacy, inconclusive (for metrics). */
    private final java.util.Map<String, AtomicLong> probes = java.util.Map.of("modern", new AtomicLong(),
            "legacy", new AtomicLong(), "inconclusive", new AtomicLong());

    HttpEraProber(Duration timeout, String gatewayVersion) {
        this.timeout = timeout;
        this.gatewayVersion = gatewayVersion;
    }

    /** Probes {@code target} from {@code pool}'s event loop. */
    CompletableFuture<ProbeVerdict> probe(UpstreamChannelPool pool, UpstreamTarget target) {
        UpstreamSpan span = UpstreamSpan.start(Methods.SERVER_DISCOVER, target.name(), null);
        FullHttpRequest request = LegacyRequests.post(target, discoverRequest(span), null,
                ProtocolVersions.V2026_07_28);
        request.headers().set(McpHeaders.METHOD, Methods.SERVER_DISCOVER);
        return BufferedUpstreamCall.send(pool, target, request, timeout, MAX_PROBE_BODY_BYTES)
                .handle((reply, failure) -> {
                    ProbeAnswer answer = failure == null
                            ? ProbeAnswer.http(reply.status(), reply.contentType(), reply.body())
                            : ProbeAnswer.failed(failureKind(failure));
                    ProbeVerdict verdict = ProbeClassifier.classify(answer, ProtocolVersions.MODERN);
                    span.end(verdict.era() == null ? "inconclusive" : null);
                    log.info("Probed upstream {} ({}): {} ({})", target.name(), target.url(), verdict.era() == null
                            ? "inconclusive" : verdict.era(), verdict.why());
                    probes.get(verdict.era() == null ? "inconclusive"
                            : verdict.era().name().toLowerCase(java.util.Locale.ROOT)).incrementAndGet();
                    return verdict;
                }).thenCompose(verdict -> verdict instanceof ProbeVerdict.Modern modern
                        ? dualEraCheck(pool, target, modern) : CompletableFuture.completedFuture(verdict));
    }

    /**
     * A modern upstream is asked once more, with a 2025-11-25 {@code initialize}: one that answers it serves legacy
     * clients itself (a dual-era server), so their traffic passes through to it. A session it opened for the probe is
     * ended at once. Any failure leaves the modern verdict as it was.
     */
    private CompletableFuture<ProbeVerdict> dualEraCheck(UpstreamChannelPool pool, UpstreamTarget target,
            ProbeVerdict.Modern modern) {
        ObjectNode params = JsonNodeFactory.instance.objectNode().put("protocolVersion", ProtocolVersions.V2025_11_25);
        params.putObject("capabilities");
        params.putObject("clientInfo").put("name", "eragate-probe").put("version", gatewayVersion);
        JsonRpcRequest initialize = new JsonRpcRequest(JsonRpcId.of("eragate-initialize-probe-"
                + PROBE_IDS.incrementAndGet()), Methods.INITIALIZE, params);
        FullHttpRequest request = LegacyRequests.post(target, initialize, null, null);
        return BufferedUpstreamCall.send(pool, target, request, timeout, MAX_PROBE_BODY_BYTES)
                .handle((reply, failure) -> {
                    if (failure != null
                            || !LegacyInitializeProbe.answered(reply.status(), reply.contentType(), reply.body())) {
                        return (ProbeVerdict) modern;
                    }
                    if (reply.sessionId() != null) {
                        BufferedUpstreamCall.send(pool, target, LegacyRequests.delete(target, reply.sessionId(),
                                ProtocolVersions.V2025_11_25), timeout, MAX_PROBE_BODY_BYTES);
                    }
                    log.info("Upstream {} ({}) also answers a 2025-11-25 initialize: legacy clients pass through to it",
                            target.name(), target.url());
                    return new ProbeVerdict.DualEra(modern);
                });
    }

    /** Probes since start that ended with {@code result} ({@code modern}, {@code legacy} or {@code inconclusive}). */
    long probes(String result) {
        return probes.get(result).get();
    }

    private JsonRpcRequest discoverRequest(UpstreamSpan span) {
        ObjectNode params = span.stamp(JsonNodeFactory.instance.objectNode());
        ObjectNode meta = params.withObject(MetaKeys.META);
        meta.put(MetaKeys.PROTOCOL_VERSION, ProtocolVersions.V2026_07_28);
        meta.putObject(MetaKeys.CLIENT_CAPABILITIES);
        meta.putObject(MetaKeys.CLIENT_INFO).put("name", "eragate-probe").put("version", gatewayVersion);
        // A string id cannot collide with a numeric id of any client.
        return new JsonRpcRequest(JsonRpcId.of("eragate-discover-probe-" + PROBE_IDS.incrementAndGet()),
                Methods.SERVER_DISCOVER, params);
    }

    private static ProbeAnswer.Failure failureKind(Throwable failure) {
        Throwable cause = failure instanceof java.util.concurrent.CompletionException && failure.getCause() != null
                ? failure.getCause() : failure;
        if (cause instanceof TimeoutException) {
            return ProbeAnswer.Failure.TIMEOUT;
        }
        if (cause instanceof ConnectException
                || cause instanceof io.netty.channel.ConnectTimeoutException) {
            return ProbeAnswer.Failure.CONNECT_FAILED;
        }
        return ProbeAnswer.Failure.RESET;
    }
}
