package io.eragate.bench.load;

import io.eragate.bench.McpSamples;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The large-payload run: 1 MiB tool results (JSON) and SSE answers of thousands of progress notifications then the
 * result, straight from the fixture (direct), through the Eragate pass-through (modern fixture) and through the
 * bridge (legacy fixture, pooled session), in a closed loop on a few connections. For the Eragate hops it reads
 * the live heap before and after each case, the heap occupancy of every collection during it (from the GC log the
 * JVM writes) and samples the RSS, so a heap or RSS that grows with the payload shows.
 */
final class PayloadRun {
    private static final Logger log = LoggerFactory.getLogger(PayloadRun.class);
    static final String JSON_PAYLOAD = "json-1mib";
    static final String SSE_PAYLOAD = "sse-events";
    private static final long RSS_SAMPLE_MILLIS = 50;

    /**
     * The sizes and durations of a run.
     *
     * @param resultBytes size of the JSON result text
     * @param sseEvents progress notifications of the SSE answer
     * @param connections closed-loop connections
     * @param warmupMillis per case
     * @param measureMillis per case
     * @param minAnswers per case, the successful answers the round waits for past its window (bounded; 0 = none):
     *     a smoke run proves that answers go through, not how many fit in its window on a busy machine
     */
    record Shape(int resultBytes, int sseEvents, int connections, long warmupMillis, long measureMillis,
            int minAnswers) {
        static Shape full() {
            return new Shape(1 << 20, 5_000, 4, 3_000, 10_000, 0);
        }

        static Shape smoke() {
            return new Shape(1 << 20, 100, 2, 100, 400, 2);
        }
    }

    private record Hop(String key, String label, Endpoint endpoint, Optional<ChildProcess> eragate,
            Optional<Path> gcLog) {
    }

    private final TargetSettings settings;
    private final String plan;
    private final Shape shape;
    private final ResourceSampler sampler = ResourceSampler.create();

    PayloadRun(TargetSettings settings, String plan, Shape shape) {
        this.settings = settings;
        this.plan = plan;
        this.shape = shape;
    }

    PayloadResult run() throws InterruptedException {
        String startedAt = Instant.now().toString();
        Path dir = settings.workDirectory();
        try (HopProcesses processes = new HopProcesses(settings); PayloadClient client = new PayloadClient()) {
            HopProcesses.Started modern = processes.fixture("payload-fixture", FixtureMain.MODERN);
            HopProcesses.Started legacy = processes.fixture("payload-fixture-legacy", FixtureMain.LEGACY);
            Path passLog = dir.resolve("eragate-payload-gc.log");
            Path bridgeLog = dir.resolve("eragate-payload-bridge-gc.log");
            HopProcesses.Started pass = processes.eragate("eragate-payload",
                    (listen, admin) -> EragateConfig.passThrough(listen, admin, modern.port()), gcLogOptions(passLog));
            HopProcesses.Started bridge = processes.eragate("eragate-payload-bridge",
                    (listen, admin) -> EragateConfig.bridge(listen, admin, legacy.port(),
                            EragateConfig.SessionStrategy.POOLED), gcLogOptions(bridgeLog));
            List<Hop> hops = List.of(
                    new Hop(Scenario.DIRECT.key(), Scenario.DIRECT.label(),
                            Endpoint.loopback(modern.port(), McpSamples.PATH), Optional.empty(), Optional.empty()),
                    new Hop(Scenario.ERAGATE_PASS_THROUGH.key(), Scenario.ERAGATE_PASS_THROUGH.label(),
                            Endpoint.loopback(pass.port(), McpSamples.PATH), Optional.of(pass.process()),
                            Optional.of(passLog)),
                    new Hop(Scenario.ERAGATE_BRIDGE_POOLED.key(), Scenario.ERAGATE_BRIDGE_POOLED.label(),
                            Endpoint.loopback(bridge.port(), McpSamples.PATH), Optional.of(bridge.process()),
                            Optional.of(bridgeLog)));
            List<PayloadCase> cases = new ArrayList<>();
            for (String payload : List.of(JSON_PAYLOAD, SSE_PAYLOAD)) {
                for (Hop hop : hops) {
                    cases.add(runCase(client, hop, payload));
                }
            }
            return new PayloadResult(plan, startedAt, shape.connections(), shape.warmupMillis() / 1e3,
                    shape.measureMillis() / 1e3, shape.resultBytes(), shape.sseEvents(),
                    String.join(" ", settings.jvmOptions()), cases, processes.commands());
        }
    }

    private PayloadCase runCase(PayloadClient client, Hop hop, String payload) throws InterruptedException {
        boolean json = JSON_PAYLOAD.equals(payload);
        String tool = json ? "blob" : "burst";
        int bytes = json ? shape.resultBytes() : 16;
        int events = json ? 0 : shape.sseEvents();
        byte[] request = RequestTemplate.encode(hop.endpoint(), McpSamples.bulkCallHeaders(tool),
                McpSamples.bulkCallBody(tool, bytes, events));
        String label = json ? "JSON result of " + shape.resultBytes() / 1024 + " KiB"
                : "SSE: " + shape.sseEvents() + " progress notifications, then the result";

        long pid = hop.eragate().map(p -> p.handle().pid()).orElse(-1L);
        List<ProcessHandle> tree = hop.eragate().map(ChildProcess::tree).orElse(List.of());
        long baselineHeap = pid < 0 ? -1 : sampler.liveHeapBytes(pid).orElse(-1);
        long baselineRss = tree.isEmpty() ? -1 : sampler.residentBytes(tree).orElse(-1);
        long logOffset = hop.gcLog().map(PayloadRun::size).orElse(0L);
        AtomicLong peakRss = new AtomicLong(baselineRss);
        ScheduledExecutorService rssSampler = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread thread = new Thread(r, "rss-sampler");
            thread.setDaemon(true);
            return thread;
        });
        if (!tree.isEmpty()) {
            rssSampler.scheduleAtFixedRate(() -> {
                OptionalLong rss = sampler.residentBytes(tree);
                rss.ifPresent(value -> peakRss.accumulateAndGet(value, Math::max));
            }, 0, RSS_SAMPLE_MILLIS, TimeUnit.MILLISECONDS);
        }
        PayloadClient.Measurement measured;
        try {
            measured = client.run(hop.endpoint(), request, json ? bytes : 0, json ? 0 : events + 1,
                    shape.connections(), shape.warmupMillis(), shape.measureMillis(), shape.minAnswers());
        } finally {
            rssSampler.shutdownNow();
            rssSampler.awaitTermination(5, TimeUnit.SECONDS);
        }
        long inUseAtEnd = pid < 0 ? -1 : sampler.heapInUseBytes(pid).orElse(-1);
        List<GcLog.Collection> collections = hop.gcLog().map(file -> GcLog.parse(readFrom(file, logOffset)))
                .orElse(List.of());
        long liveAfter = pid < 0 ? -1 : sampler.liveHeapBytes(pid).orElse(-1);
        long peakInUse = Math.max(inUseAtEnd,
                collections.stream().mapToLong(GcLog.Collection::beforeBytes).max().orElse(-1));
        long peakAfterGc = collections.stream().mapToLong(GcLog.Collection::afterBytes).max().orElse(-1);
        double seconds = measured.seconds() > 0 ? measured.seconds() : Double.NaN;
        log.info("payload {} via {}: {} answers, {} errors{}", payload, hop.key(), measured.answers(),
                measured.errors(), measured.firstError() == null ? "" : " (" + measured.firstError() + ")");
        return new PayloadCase(hop.key(), hop.label(), payload, label, measured.answers(), measured.errors(),
                measured.firstError(), measured.answers() / seconds, measured.bytes() / seconds / (1 << 20),
                measured.events() / seconds, baselineHeap, peakInUse, peakAfterGc,
                hop.gcLog().isPresent() ? collections.size() : -1, liveAfter, baselineRss,
                tree.isEmpty() ? -1 : peakRss.get());
    }

    private static List<String> gcLogOptions(Path file) {
        // The heap is touched at start-up so that RSS grows only with memory outside it.
        return List.of("-Xlog:gc:file=" + file, "-XX:+AlwaysPreTouch");
    }

    private static long size(Path file) {
        try {
            return Files.exists(file) ? Files.size(file) : 0;
        } catch (IOException e) {
            return 0;
        }
    }

    private static String readFrom(Path file, long offset) {
        try (RandomAccessFile in = new RandomAccessFile(file.toFile(), "r")) {
            long length = in.length();
            if (length <= offset) {
                return "";
            }
            byte[] bytes = new byte[(int) (length - offset)];
            in.seek(offset);
            in.readFully(bytes);
            return new String(bytes, StandardCharsets.UTF_8);
        } catch (IOException e) {
            log.info("cannot read {}: {}", file, e.getMessage());
            return "";
        }
    }
}
