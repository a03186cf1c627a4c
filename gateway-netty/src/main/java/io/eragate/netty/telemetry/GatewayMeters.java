package io.eragate.netty.telemetry;

import io.eragate.netty.bridge.EraDirectory;
import io.eragate.netty.bridge.LegacyBridge;
import io.eragate.netty.stdio.StdioUpstream;
import io.eragate.netty.stdio.StdioUpstreams;
import io.eragate.netty.upstream.UpstreamPools;
import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import java.util.List;
import java.util.function.IntSupplier;

/**
 * Meters read from the gateway's parts when {@code /metrics} is scraped: the parts keep plain counts, and the
 * registry reads them, so the request path pays nothing for metrics it does not record itself.
 */
public final class GatewayMeters {

    private GatewayMeters() {
    }

    /** Binds the counts of the era directory, the bridge, the stdio upstreams and the client connections. */
    public static void bind(MeterRegistry registry, EraDirectory eras, LegacyBridge bridge, StdioUpstreams stdio,
            UpstreamPools pools, IntSupplier openConnections) {
        for (String result : List.of("modern", "legacy", "inconclusive")) {
            FunctionCounter.builder("eragate.era.probes", eras, directory -> directory.probes(result))
                    .description("Era probes (server/discover) of upstream origins, by result")
                    .tag("result", result)
                    .register(registry);
        }
        FunctionCounter.builder("eragate.era.contradictions", eras, EraDirectory::contradictions)
                .description("Cached upstream eras that later traffic contradicted (each leads to a new probe)")
                .register(registry);
        FunctionCounter.builder("eragate.bridge.sessions.opened", bridge, LegacyBridge::initializeCount)
                .description("Legacy upstream sessions the bridge opened (synthesized initialize handshakes)")
                .register(registry);
        FunctionCounter.builder("eragate.bridge.sessions.replaced", bridge, LegacyBridge::sessionsReplaced)
                .description("Pooled sessions dropped because the upstream forgot them (404), replaced when next used")
                .register(registry);
        FunctionCounter.builder("eragate.bridge.sessions.evicted", bridge, LegacyBridge::sessionsEvicted)
                .description("Pooled sessions that left the pool because it was full or they sat idle")
                .register(registry);
        Gauge.builder("eragate.bridge.sessions.pooled", bridge, LegacyBridge::pooledSessions)
                .description("Legacy upstream sessions the bridge holds now")
                .register(registry);
        FunctionCounter.builder("eragate.mrtr.rounds", bridge, LegacyBridge::mrtrRounds)
                .description("Multi round-trip rounds: input_required answers whose upstream call waits for a retry")
                .register(registry);
        Gauge.builder("eragate.listen.streams.open", bridge, b -> b.listens().openListeners())
                .description("subscriptions/listen streams open now")
                .register(registry);
        for (StdioUpstream upstream : stdio.all()) {
            FunctionCounter.builder("eragate.stdio.restarts", upstream, StdioUpstream::restarts)
                    .description("Restarts of the processes of a stdio upstream")
                    .tag("upstream", upstream.name())
                    .register(registry);
        }
        Gauge.builder("eragate.upstream.connections.open", pools, UpstreamPools::openConnections)
                .description("Pooled connections to HTTP upstreams open now, busy and idle, over all event loops")
                .register(registry);
        Gauge.builder("eragate.client.connections.open", openConnections, IntSupplier::getAsInt)
                .description("Client connections open on the MCP listener")
                .register(registry);
    }
}
