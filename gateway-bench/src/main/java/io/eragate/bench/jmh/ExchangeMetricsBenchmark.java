package io.eragate.bench.jmh;

import io.eragate.bench.McpSamples;
import io.eragate.core.auth.Principal;
import io.eragate.core.exchange.ExchangeOutcome;
import io.eragate.core.mcp.Era;
import io.eragate.netty.telemetry.GatewayMetrics;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Timer;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

/**
 * What the metrics cost per pass-through exchange: {@link GatewayMetrics#onOutcome} for an answered
 * {@code tools/call} (the client-facing histogram and the tool-call counter, meters looked up by their label
 * values), beside the way they were reached before, a Micrometer builder registered on every exchange (the registry
 * hands back the existing meter, after building its id).
 *
 * <p>Not final: JMH generates subclasses of {@code @State} classes.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class ExchangeMetricsBenchmark {
    private static final Duration[] BUCKETS = {Duration.ofMillis(10), Duration.ofMillis(20), Duration.ofMillis(50),
        Duration.ofMillis(100), Duration.ofMillis(200), Duration.ofMillis(500), Duration.ofSeconds(1),
        Duration.ofSeconds(2), Duration.ofSeconds(5), Duration.ofSeconds(10), Duration.ofSeconds(30),
        Duration.ofSeconds(60), Duration.ofSeconds(120), Duration.ofSeconds(300)};

    private GatewayMetrics metrics;
    private ExchangeOutcome outcome;

    /** A registry with the meters of one answered call already there, as after the first request. */
    @Setup
    public void setUp() {
        metrics = new GatewayMetrics(100);
        outcome = new ExchangeOutcome("/mcp", "upstream", Era.MODERN, Era.MODERN, "tools/call", McpSamples.TOOL,
                200, null, null, 300, 200, System.nanoTime(), 150_000, Principal.ANONYMOUS.id(), null,
                "127.0.0.1");
        metrics.onOutcome(outcome);
    }

    /** Closes the registry. */
    @TearDown
    public void tearDown() {
        metrics.close();
    }

    /** Everything one answered {@code tools/call} records. */
    @Benchmark
    public void onOutcome() {
        metrics.onOutcome(outcome);
    }

    /** The same two meters reached the way they were before: built and registered for each exchange. */
    @Benchmark
    public void byBuilders() {
        Timer.builder("mcp.server.operation.duration")
                .description("Duration of MCP requests as the gateway's clients saw them")
                .tags("mcp.method.name", "tools/call", "route", "/mcp", "upstream", "upstream", "client.era",
                        "modern", "upstream.era", "modern", "error.type", "none")
                .serviceLevelObjectives(BUCKETS)
                .register(metrics.registry())
                .record(outcome.durationNanos(), TimeUnit.NANOSECONDS);
        Counter.builder("eragate.tool.calls")
                .description("tools/call requests by tool name (at most telemetry.maxToolNameLabels names)")
                .tags("upstream", "upstream", "gen_ai.tool.name", McpSamples.TOOL, "error.type", "none")
                .register(metrics.registry())
                .increment();
    }
}
