package io.eragate.netty.stdio;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import io.eragate.core.bridge.CacheHints;
import io.eragate.core.bridge.CacheScope;
import io.eragate.core.bridge.DiscoverSynthesizer;
import io.eragate.core.bridge.ResultStamper;
import io.eragate.core.config.BridgeConfig;
import io.eragate.core.config.ErasConfig;
import io.eragate.core.config.UpstreamConfig;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Every stdio upstream of one gateway, with the threads they share. Processes start with {@link #start()} (when the
 * gateway starts, in the background) and stop with {@link #close()} (when it stops).
 */
public final class StdioUpstreams implements AutoCloseable {
    private static final Logger log = LoggerFactory.getLogger(StdioUpstreams.class);
    private static final long TREE_REFRESH_SECONDS = 2;

    private final Map<String, StdioUpstream> upstreams = new LinkedHashMap<>();
    private final StdioRuntime runtime;
    private final ResultStamper stamper;
    private final DiscoverSynthesizer discover;

    /**
     * @param upstreams every configured upstream; those without a {@code command} are skipped
     * @param eras the probe timeout
     * @param bridge the cache hints stamped on translated results, as for HTTP legacy upstreams
     * @param gatewayVersion Eragate's version, reported as the client of legacy processes
     */
    public StdioUpstreams(List<UpstreamConfig> upstreams, ErasConfig eras, BridgeConfig bridge,
            String gatewayVersion) {
        this.runtime = new StdioRuntime(eras.probeTimeout(), bridge.initializeTimeout(), gatewayVersion);
        for (UpstreamConfig upstream : upstreams) {
            if (upstream.isStdio()) {
                this.upstreams.put(upstream.name(), new StdioUpstream(upstream, runtime));
            }
        }
        CacheHints hints = new CacheHints(bridge.cacheTtl().toMillis(),
                bridge.cacheScope() == BridgeConfig.CacheScopeSetting.PUBLIC ? CacheScope.PUBLIC : CacheScope.PRIVATE);
        this.stamper = new ResultStamper(hints);
        this.discover = new DiscoverSynthesizer(hints);
    }

    /** None: for a gateway without stdio upstreams. */
    public static StdioUpstreams none() {
        return new StdioUpstreams(List.of(), ErasConfig.defaults(), BridgeConfig.defaults(), "0");
    }

    /** Starts every process in the background, and the periodic bookkeeping of their process trees. */
    public void start() {
        upstreams.values().forEach(StdioUpstream::start);
        if (!upstreams.isEmpty()) {
            runtime.supervisor().scheduleWithFixedDelay(
                    () -> upstreams.values().forEach(StdioUpstream::refreshTrees),
                    TREE_REFRESH_SECONDS, TREE_REFRESH_SECONDS, TimeUnit.SECONDS);
        }
    }

    /** Every stdio upstream, in configuration order (for metrics and reports). */
    public java.util.Collection<StdioUpstream> all() {
        return java.util.Collections.unmodifiableCollection(upstreams.values());
    }

    /** The stdio upstream called {@code name}, if there is one. */
    public Optional<StdioUpstream> get(String name) {
        return Optional.ofNullable(upstreams.get(name));
    }

    /** Stamps translated legacy results with the configured cache hints. */
    public ResultStamper stamper() {
        return stamper;
    }

    /** Answers {@code server/discover} for legacy sessions. */
    public DiscoverSynthesizer discover() {
        return discover;
    }

    /** Every stdio upstream with its era and processes, for {@code /admin/eras}. */
    public ArrayNode report() {
        ArrayNode report = JsonNodeFactory.instance.arrayNode();
        upstreams.values().forEach(upstream -> report.add(upstream.report()));
        return report;
    }

    /**
     * Stops every process and waits for them to end (each takes at most a few seconds: stdin closed, SIGTERM,
     * SIGKILL), then ends the supervision threads.
     */
    @Override
    public void close() {
        CompletableFuture<?>[] stops = upstreams.values().stream().map(StdioUpstream::close)
                .toArray(CompletableFuture[]::new);
        try {
            CompletableFuture.allOf(stops).get(StdioRuntime.STOP_GRACE.multipliedBy(4).toMillis(),
                    TimeUnit.MILLISECONDS);
        } catch (TimeoutException | ExecutionException e) {
            log.warn("Not every stdio upstream process confirmed its end: {}", e.toString());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        runtime.shutdown();
    }
}
