package io.eragate.netty.server;

import io.eragate.core.config.GatewayConfig;
import io.eragate.core.config.RouteConfig;
import io.eragate.core.health.Readiness;
import io.eragate.core.health.ReadinessVerdict;
import io.eragate.core.health.UpstreamStatus;
import io.eragate.core.reload.ConfigDiff;
import io.eragate.core.reload.ReloadReport;
import io.eragate.core.traffic.TrafficTally;
import io.eragate.netty.admin.AdminPages;
import io.eragate.netty.admin.DashboardReports;
import io.eragate.netty.admin.UpstreamFacts;
import io.eragate.netty.upstream.UpstreamTarget;
import io.netty.channel.EventLoop;
import io.netty.util.concurrent.ScheduledFuture;
import java.time.Clock;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What an operator asks of a running gateway: is it ready, reload this configuration, what did the last reload do,
 * and the dashboard's reports. Reloads are serialized; readiness reads only volatile state and never blocks.
 */
public final class Operations implements AutoCloseable {
    private static final Logger log = LoggerFactory.getLogger(Operations.class);

    private final AtomicReference<GatewayContext> live;
    private final BooleanSupplier started;
    private final BooleanSupplier draining;
    private final TrafficTally traffic;
    private final List<Consumer<ReloadReport>> reloadListeners = new CopyOnWriteArrayList<>();
    private final Clock clock = Clock.systemUTC();
    private volatile GatewayConfig running;
    private volatile ReloadReport lastReload;
    private ScheduledFuture<?> rechecks;
    private volatile boolean closed;

    Operations(GatewayConfig config, AtomicReference<GatewayContext> live, TrafficTally traffic,
            BooleanSupplier started, BooleanSupplier draining) {
        this.running = config;
        this.traffic = traffic;
        this.live = live;
        this.started = started;
        this.draining = draining;
    }

    /** Serves {@code /admin/reload}, {@code /admin/upstreams} and {@code /admin/traffic} on {@code pages}. */
    void register(AdminPages pages) {
        pages.register("/admin/reload", () -> DashboardReports.reloadJson(lastReload).toString());
        pages.register("/admin/upstreams", () -> DashboardReports.upstreamsJson(facts()).toString());
        pages.register("/admin/traffic", () -> traffic.toJson().toString());
    }

    /** Tries the HTTP upstreams that are down again every {@code interval}, with a bare TCP connection. */
    void startRechecks(EventLoop loop, Duration interval) {
        rechecks = loop.scheduleWithFixedDelay(() -> {
            GatewayContext context = live.get();
            for (String name : context.pools().health().down()) {
                UpstreamTarget target = context.upstreams().get(name);
                if (target != null) {
                    context.pools().forLoop(loop).recheck(target);
                }
            }
        }, interval.toNanos(), interval.toNanos(), TimeUnit.NANOSECONDS);
    }

    /** The readiness verdict now: starting, draining, or whether every route has an upstream that can serve. */
    public ReadinessVerdict readiness() {
        Map<String, List<String>> routes = new LinkedHashMap<>();
        for (RouteConfig route : running.routes()) {
            routes.put(route.path(), List.of(route.upstream()));
        }
        return Readiness.decide(started.getAsBoolean(), draining.getAsBoolean(), routes, statuses());
    }

    private UpstreamFacts facts() {
        GatewayContext context = live.get();
        return new UpstreamFacts(running.upstreams(), context.eras().reportJson(), context.stdio().report(),
                context.bridge().pooledSessionsByUpstream(), statuses(), context.legacySse()::speaksHttpSse);
    }

    /** The status of every configured upstream: HTTP ones from their connections, stdio ones from processes. */
    private Map<String, UpstreamStatus> statuses() {
        GatewayContext context = live.get();
        Map<String, UpstreamStatus> statuses = new LinkedHashMap<>();
        for (String name : context.upstreams().keySet()) {
            statuses.put(name, context.pools().health().status(name));
        }
        statuses.putAll(context.stdio().statuses());
        return statuses;
    }

    /**
     * Applies {@code next} if it changes only what can change while running, else refuses it naming the keys; the
     * running configuration stays on refusal. Logged, kept as the last reload and told to the listeners.
     *
     * @param trigger {@code file}, {@code signal} or {@code admin}
     */
    public synchronized ReloadReport reload(GatewayConfig next, String trigger) {
        if (closed) {
            return refuse(trigger, List.of("the gateway is shutting down"));
        }
        ConfigDiff diff = ConfigDiff.between(running, next);
        if (!diff.applicable()) {
            return refuse(trigger, diff.refusals());
        }
        if (diff.isEmpty()) {
            return record(new ReloadReport(clock.instant(), trigger, ReloadReport.Result.UNCHANGED, diff.summary(),
                    List.of()));
        }
        try {
            ContextSwap.apply(live, running, next, diff);
        } catch (IllegalArgumentException e) {
            return refuse(trigger, List.of(e.getMessage()));
        }
        running = next;
        return record(new ReloadReport(clock.instant(), trigger, ReloadReport.Result.APPLIED, diff.summary(),
                List.of()));
    }

    /** Records a reload refused before it reached the gateway (the file did not load or validate). */
    public synchronized ReloadReport refuse(String trigger, List<String> problems) {
        return record(new ReloadReport(clock.instant(), trigger, ReloadReport.Result.REFUSED, null, problems));
    }

    private ReloadReport record(ReloadReport report) {
        lastReload = report;
        if (report.result() == ReloadReport.Result.REFUSED) {
            log.warn("Configuration reload ({}) refused; the running configuration stays: {}", report.trigger(),
                    String.join("; ", report.problems()));
        } else {
            log.info("Configuration reload ({}) {}: {}", report.trigger(), report.result().word(), report.summary());
        }
        for (Consumer<ReloadReport> listener : reloadListeners) {
            try {
                listener.accept(report);
            } catch (RuntimeException e) {
                log.warn("A reload listener failed: {}", e.toString());
            }
        }
        return report;
    }

    /**
     * Tells {@code listener} about every reload from now on (applied, unchanged or refused), on the thread that
     * reloads. The hook for a reload metric: count by {@link ReloadReport#result()}, and keep the time of the last
     * one.
     */
    public void onReload(Consumer<ReloadReport> listener) {
        reloadListeners.add(listener);
    }

    /** The last reload, or {@code null} before the first. */
    public ReloadReport lastReload() {
        return lastReload;
    }

    /** The configuration running now. */
    public GatewayConfig running() {
        return running;
    }

    /** The dashboard's traffic counters: the observer that every exchange's outcome should reach. */
    public TrafficTally traffic() {
        return traffic;
    }

    @Override
    public synchronized void close() {
        closed = true;
        if (rechecks != null) {
            rechecks.cancel(false);
        }
    }
}
