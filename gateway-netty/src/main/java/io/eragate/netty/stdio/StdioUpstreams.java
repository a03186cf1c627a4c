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
import io.eragate.core.health.UpstreamStatus;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.RejectedExecutionException;
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
    private static final long DRAIN_POLL_MILLIS = 100;

    /** Replaced as a whole by a reload (copy on write), so that readers on any thread see one consistent map. */
    private volatile Map<String, StdioUpstream> upstreams = new LinkedHashMap<>();
    private volatile boolean started;
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
        Map<String, StdioUpstream> byName = new LinkedHashMap<>();
        for (UpstreamConfig upstream : upstreams) {
            if (upstream.isStdio()) {
                byName.put(upstream.name(), new StdioUpstream(upstream, runtime));
            }
        }
        this.upstreams = byName;
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
        started = true;
        upstreams.values().forEach(StdioUpstream::start);
        // Always scheduled: a reload may add the first stdio upstream later.
        runtime.supervisor().scheduleWithFixedDelay(
                () -> upstreams.values().forEach(StdioUpstream::refreshTrees),
                TREE_REFRESH_SECONDS, TREE_REFRESH_SECONDS, TimeUnit.SECONDS);
    }

    /**
     * Applies a reload: starts {@code added} (new names, or new settings for a name, which replace the running
     * upstream) and retires every upstream in {@code retired}. Unnamed upstreams keep their processes. A retired
     * upstream takes no new request; its processes stop once their requests in flight have ended, or after its
     * {@code requestTimeout} at the latest.
     */
    public synchronized void apply(List<UpstreamConfig> added, Set<String> retired) {
        Map<String, StdioUpstream> next = new LinkedHashMap<>(upstreams);
        List<StdioUpstream> leaving = new ArrayList<>();
        for (String name : retired) {
            StdioUpstream old = next.remove(name);
            if (old != null) {
                leaving.add(old);
            }
        }
        List<StdioUpstream> arriving = new ArrayList<>();
        for (UpstreamConfig config : added) {
            StdioUpstream fresh = new StdioUpstream(config, runtime);
            next.put(config.name(), fresh);
            arriving.add(fresh);
        }
        upstreams = next;
        if (started) {
            arriving.forEach(StdioUpstream::start);
        }
        leaving.forEach(this::drainThenClose);
    }

    private void drainThenClose(StdioUpstream upstream) {
        long deadline = System.nanoTime() + upstream.requestTimeout().toNanos();
        Runnable[] check = new Runnable[1];
        check[0] = () -> {
            if (upstream.inFlight() == 0 || System.nanoTime() - deadline >= 0) {
                log.info("Stopping the processes of stdio upstream {}: a reload removed or changed it",
                        upstream.name());
                upstream.close();
            } else {
                runtime.supervisor().schedule(check[0], DRAIN_POLL_MILLIS, TimeUnit.MILLISECONDS);
            }
        };
        try {
            runtime.supervisor().execute(check[0]);
        } catch (RejectedExecutionException e) {
            upstream.close();
        }
    }

    /** What each stdio upstream can do now, by name (for readiness and the dashboard). */
    public Map<String, UpstreamStatus> statuses() {
        Map<String, UpstreamStatus> statuses = new LinkedHashMap<>();
        upstreams.forEach((name, upstream) -> statuses.put(name, upstream.status()));
        return statuses;
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
