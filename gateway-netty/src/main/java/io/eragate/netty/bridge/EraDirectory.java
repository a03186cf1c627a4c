package io.eragate.netty.bridge;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.eragate.core.config.ErasConfig;
import io.eragate.core.config.UpstreamConfig;
import io.eragate.core.era.EraCache;
import io.eragate.core.era.EraRecord;
import io.eragate.core.era.EraReportEntry;
import io.eragate.core.era.FileEraStore;
import io.eragate.core.era.OriginKey;
import io.eragate.core.mcp.Era;
import io.eragate.netty.upstream.UpstreamPools;
import io.eragate.netty.upstream.UpstreamTarget;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * The era of every upstream origin: pinned from configuration, or probed once and cached (with single-flight,
 * expiry and optional persistence in the core {@link EraCache}), and dropped when traffic contradicts it.
 */
public final class EraDirectory {
    private final EraCache cache;
    private final HttpEraProber prober;
    private final UpstreamPools pools;
    private final java.util.concurrent.atomic.AtomicLong contradictions = new java.util.concurrent.atomic.AtomicLong();

    /**
     * Builds the directory and pins the upstreams whose era is configured. Reads the persistence file, so it is
     * built at start-up, never on an event loop.
     */
    public EraDirectory(ErasConfig config, List<UpstreamConfig> upstreams, UpstreamPools pools, String gatewayVersion) {
        this.cache = new EraCache(config.ttl(), config.maxOrigins(), Clock.systemUTC(),
                config.persistenceFile().map(file -> new FileEraStore(Path.of(file))).orElse(null));
        this.prober = new HttpEraProber(config.probeTimeout(), gatewayVersion);
        this.pools = pools;
        for (UpstreamConfig upstream : upstreams) {
            upstream.era().pinnedEra().ifPresent(era -> cache.pin(OriginKey.of(upstream.url()), era));
        }
    }

    /**
     * The era of {@code target}; fails with {@link io.eragate.core.era.EraProbeException} when a probe was
     * inconclusive. Completes on any thread.
     */
    public CompletableFuture<Era> eraOf(UpstreamTarget target) {
        return recordOf(target).thenApply(EraRecord::era);
    }

    /** What is known of {@code target}'s era, whether it is dual-era included; fails as {@link #eraOf} does. */
    public CompletableFuture<EraRecord> recordOf(UpstreamTarget target) {
        return cache.resolve(OriginKey.of(target.url()), origin -> prober.probe(pools.current(), target));
    }

    /**
     * A reload replaced {@code running} (null when new) by {@code next} (null when removed): the era each one's
     * configuration pins is fixed or released.
     */
    public void repin(UpstreamConfig running, UpstreamConfig next) {
        if (running != null && running.url() != null && running.era().pinnedEra().isPresent()) {
            cache.unpin(OriginKey.of(running.url()));
        }
        if (next != null && next.url() != null) {
            next.era().pinnedEra().ifPresent(era -> cache.pin(OriginKey.of(next.url()), era));
        }
    }

    /** Traffic from {@code target} contradicted its cached era: it is probed again on the next request. */
    public void contradicted(UpstreamTarget target, String what) {
        contradictions.incrementAndGet();
        cache.contradicted(OriginKey.of(target.url()), what);
    }

    /** Cached eras that traffic contradicted since start (for metrics). */
    public long contradictions() {
        return contradictions.get();
    }

    /** Probes since start that ended with {@code result}: {@code modern}, {@code legacy} or {@code inconclusive}. */
    public long probes(String result) {
        return prober.probes(result);
    }

    /** The {@code /admin/eras} report as JSON. */
    public String reportJson() {
        ArrayNode origins = JsonNodeFactory.instance.arrayNode();
        for (EraReportEntry entry : cache.report()) {
            ObjectNode line = origins.addObject();
            line.put("origin", entry.origin().toString());
            line.put("era", entry.era() == null ? null : entry.era().name().toLowerCase(java.util.Locale.ROOT));
            line.put("learnedBy", entry.learnedBy());
            line.put("learnedAt", entry.learnedAt() == null ? null : entry.learnedAt().toString());
            line.put("detail", entry.detail());
            line.put("probeInFlight", entry.probeInFlight());
            putNote(line, "lastContradiction", entry.lastContradiction());
            putNote(line, "lastProbeFailure", entry.lastProbeFailure());
        }
        ObjectNode report = JsonNodeFactory.instance.objectNode();
        report.set("origins", origins);
        return report.toString();
    }

    private static void putNote(ObjectNode line, String field, EraReportEntry.Note note) {
        if (note == null) {
            line.putNull(field);
        } else {
            line.putObject(field).put("at", note.at().toString()).put("what", note.what());
        }
    }
}
