package io.eragate.netty.telemetry;

import io.eragate.core.exchange.ExchangeObserver;
import io.eragate.core.exchange.ExchangeOutcome;
import io.eragate.core.mcp.Era;
import io.eragate.core.mcp.Methods;
import io.eragate.core.telemetry.BoundedLabel;
import io.eragate.core.telemetry.MetricLabels;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Tags;
import io.micrometer.core.instrument.Timer;
import io.micrometer.core.instrument.binder.jvm.ClassLoaderMetrics;
import io.micrometer.core.instrument.binder.jvm.JvmGcMetrics;
import io.micrometer.core.instrument.binder.jvm.JvmMemoryMetrics;
import io.micrometer.core.instrument.binder.jvm.JvmThreadMetrics;
import io.micrometer.core.instrument.binder.netty4.NettyAllocatorMetrics;
import io.micrometer.core.instrument.binder.system.ProcessorMetrics;
import io.micrometer.core.instrument.binder.system.UptimeMetrics;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import io.netty.buffer.ByteBufAllocator;
import io.netty.buffer.ByteBufAllocatorMetricProvider;
import io.netty.util.internal.PlatformDependent;
import java.time.Duration;
import java.util.Arrays;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The gateway's metrics, in one Micrometer Prometheus registry that {@code /metrics} on the admin port renders.
 *
 * <p>The two MCP histograms of the OpenTelemetry semantic conventions, {@code mcp.server.operation.duration} (what
 * a client waited) and {@code mcp.client.operation.duration} (each upstream exchange), use the conventions' advised
 * bucket boundaries and the labels {@code mcp_method_name}, {@code route}, {@code upstream}, {@code client_era},
 * {@code upstream_era} and {@code error_type}. Every label value is bounded: methods come from the MCP inventory,
 * routes and upstreams from the configuration, eras and error types from fixed vocabularies, tool names from a
 * {@link BoundedLabel} of configured size.
 *
 * <p>Thread-safe; recording never blocks (Micrometer meters are lock-free), so observers may run on event loops.
 */
public final class GatewayMetrics implements ExchangeObserver, AutoCloseable {
    /** Bucket boundaries (seconds) the OpenTelemetry MCP semantic conventions advise for both histograms. */
    static final double[] MCP_DURATION_BUCKETS = {0.01, 0.02, 0.05, 0.1, 0.2, 0.5, 1, 2, 5, 10, 30, 60, 120, 300};
    static final String SERVER_DURATION = "mcp.server.operation.duration";
    static final String CLIENT_DURATION = "mcp.client.operation.duration";

    private final PrometheusMeterRegistry registry = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
    /** When the last reload happened (epoch seconds), 0 before the first. */
    private final AtomicLong lastReloadEpochSeconds = new AtomicLong();
    private final BoundedLabel toolNames;
    private final JvmGcMetrics gc = new JvmGcMetrics();
    private final Duration[] buckets = Arrays.stream(MCP_DURATION_BUCKETS)
            .mapToObj(seconds -> Duration.ofNanos(Math.round(seconds * 1e9))).toArray(Duration[]::new);
    /**
     * The meters recorded per exchange, by their bounded label values. Micrometer's builder-and-register on every
     * exchange (tag sorting, a new meter id, the registry's lookup) was 7 % of the pass-through's event-loop time;
     * the label values are bounded, so this map is too, and it holds nothing the registry does not already hold.
     */
    private final ConcurrentMap<TimerKey, Timer> timers = new ConcurrentHashMap<>();
    private final ConcurrentMap<MeterKey, Counter> counters = new ConcurrentHashMap<>();

    /** The name and the label values (in the registration's order) of one per-exchange meter. */
    private record MeterKey(String name, String... labels) {
        @Override
        public boolean equals(Object other) {
            return other instanceof MeterKey key && name.equals(key.name) && Arrays.equals(labels, key.labels);
        }

        @Override
        public int hashCode() {
            return 31 * name.hashCode() + Arrays.hashCode(labels);
        }

        @Override
        public String toString() {
            return name + Arrays.toString(labels);
        }
    }

    /**
     * The name and label values of one duration timer: the fields themselves, not a varargs array, since a key is
     * built for every exchange (twice per pass-through request) only to look the timer up.
     */
    private record TimerKey(String name, String method, String route, String upstream, String clientEra,
            String upstreamEra, String errorType) {
        String[] tags() {
            return new String[] {"mcp.method.name", method, "route", route, "upstream", upstream, "client.era",
                clientEra, "upstream.era", upstreamEra, "error.type", errorType};
        }
    }

    /**
     * The route and client era of the client request an upstream exchange serves.
     *
     * @param route the matched route path, or {@code null}
     * @param clientEra the era the client speaks
     */
    public record RequestLabels(String route, Era clientEra) {
    }

    /** A registry with the JVM and Netty basics bound; gateway parts are bound by {@link GatewayMeters}. */
    public GatewayMetrics(int maxToolNameLabels) {
        this(maxToolNameLabels, true);
    }

    private GatewayMetrics(int maxToolNameLabels, boolean bindRuntime) {
        this.toolNames = new BoundedLabel(maxToolNameLabels);
        rateLimitRefusals("none");
        Gauge.builder("eragate.config.last.reload", lastReloadEpochSeconds, AtomicLong::get)
                .description("When the configuration was last reloaded (or refused), in seconds since the epoch")
                .baseUnit("seconds")
                .register(registry);
        if (!bindRuntime) {
            return;
        }
        new JvmMemoryMetrics().bindTo(registry);
        gc.bindTo(registry);
        new JvmThreadMetrics().bindTo(registry);
        new ClassLoaderMetrics().bindTo(registry);
        new ProcessorMetrics().bindTo(registry);
        new UptimeMetrics().bindTo(registry);
        if (ByteBufAllocator.DEFAULT instanceof ByteBufAllocatorMetricProvider allocator) {
            new NettyAllocatorMetrics(allocator).bindTo(registry);
        }
        registry.gauge("netty.direct.memory.used", Tags.empty(), this,
                ignored -> PlatformDependent.usedDirectMemory());
        registry.gauge("netty.direct.memory.max", Tags.empty(), this, ignored -> PlatformDependent.maxDirectMemory());
    }

    /** Metrics of the gateway's own traffic only, without the JVM and Netty basics (for contexts built in tests). */
    static GatewayMetrics trafficOnly(int maxToolNameLabels) {
        return new GatewayMetrics(maxToolNameLabels, false);
    }

    /** The registry, for binding more meters (admin pages, the dashboard) and for tests. */
    public MeterRegistry registry() {
        return registry;
    }

    /** The Prometheus text exposition of every meter. */
    public String scrape() {
        return registry.scrape();
    }

    /** The content type of {@link #scrape()}. */
    public static String contentType() {
        return "text/plain; version=0.0.4; charset=utf-8";
    }

    /** Records the client-facing duration, front-door rejections and tool calls of one ended exchange. */
    @Override
    public void onOutcome(ExchangeOutcome outcome) {
        String errorType = MetricLabels.errorType(outcome.errorType());
        timer(SERVER_DURATION, "Duration of MCP requests as the gateway's clients saw them", outcome.method(),
                outcome.route(), outcome.clientEra(), outcome.upstream(), outcome.upstreamEra(), errorType)
                .record(outcome.durationNanos(), TimeUnit.NANOSECONDS);
        if ("rejected".equals(outcome.errorType())) {
            counter(new MeterKey("eragate.frontdoor.rejections", "status", Integer.toString(outcome.httpStatus()),
                    "code", outcome.jsonRpcErrorCode() == null ? BoundedLabel.NONE
                            : Integer.toString(outcome.jsonRpcErrorCode())),
                    "Requests the gateway refused itself, by HTTP status and JSON-RPC code").increment();
        }
        if (Methods.TOOLS_CALL.equals(outcome.method())) {
            counter(new MeterKey("eragate.tool.calls", "upstream", MetricLabels.configured(outcome.upstream()),
                    "gen_ai.tool.name", toolNames.valueOf(outcome.name()), "error.type", errorType),
                    "tools/call requests by tool name (at most telemetry.maxToolNameLabels names)").increment();
        }
    }

    /**
     * Records one upstream exchange (a forwarded request, a synthesized {@code initialize}, an era probe).
     *
     * @param method the method sent upstream
     * @param request the client request it serves: its route and client era label the exchange
     * @param upstream the upstream's configured name
     * @param upstreamEra the upstream's era, or {@code null} while unknown (an era probe)
     * @param errorType the outcome class, {@code null} on success
     */
    public void upstreamExchange(String method, RequestLabels request, String upstream, Era upstreamEra,
            String errorType, long durationNanos) {
        timer(CLIENT_DURATION, "Duration of each upstream MCP exchange the gateway made", method, request.route(),
                request.clientEra(), upstream, upstreamEra, MetricLabels.errorType(errorType))
                .record(durationNanos, TimeUnit.NANOSECONDS);
    }

    /**
     * Counts one configuration reload by how it ended ({@code applied}, {@code unchanged}, {@code refused}) and
     * records when it happened, so that an alert can fire on a refused reload or on a config that never loads.
     */
    public void reloaded(String result, long epochSeconds) {
        Counter.builder("eragate.config.reloads")
                .description("Configuration reloads (file change or SIGHUP), by result")
                .tag("result", MetricLabels.configured(result))
                .register(registry)
                .increment();
        lastReloadEpochSeconds.set(epochSeconds);
    }

    /** Counts a request refused by a rate limit; {@code scope} is a configured limit's name, never raw input. */
    public void rateLimitRefused(String scope) {
        rateLimitRefusals(scope).increment();
    }

    private Counter rateLimitRefusals(String scope) {
        return Counter.builder("eragate.ratelimit.refusals")
                .description("Requests refused by a rate limit, by the limit's configured scope")
                .tag("scope", MetricLabels.configured(scope))
                .register(registry);
    }

    private Counter counter(MeterKey key, String description) {
        Counter cached = counters.get(key);
        return cached != null ? cached : counters.computeIfAbsent(key, ignored -> Counter.builder(key.name())
                .description(description)
                .tags(key.labels())
                .register(registry));
    }

    private Timer timer(String name, String description, String method, String route, Era clientEra,
            String upstream, Era upstreamEra, String errorType) {
        TimerKey key = new TimerKey(name, MetricLabels.method(method), MetricLabels.configured(route),
                MetricLabels.configured(upstream), MetricLabels.era(clientEra), MetricLabels.era(upstreamEra),
                errorType);
        Timer cached = timers.get(key);
        return cached != null ? cached : timers.computeIfAbsent(key, ignored -> Timer.builder(name)
                .description(description)
                .tags(key.tags())
                .serviceLevelObjectives(buckets)
                .register(registry));
    }

    @Override
    public void close() {
        gc.close();
        registry.close();
    }
}
