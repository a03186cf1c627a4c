package io.eragate.bench.load;

import io.eragate.bench.McpSamples;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The capacity run: Eragate in front of the legacy fixture (pooled sessions, the fixture serving the session's GET
 * stream), started with native memory tracking; the client opens a few streams and closes them (so the listen path
 * is loaded and warm), Eragate's memory is taken, then {@code streams} idle {@code subscriptions/listen} streams
 * are opened and held, each until its acknowledgement arrives, and the memory is taken again. The difference over
 * the streams held is the cost of one idle stream. A class histogram of each snapshot says where the bytes go.
 */
final class CapacityRun {
    private static final Logger log = LoggerFactory.getLogger(CapacityRun.class);
    /** Streams being set up at once: enough to be quick, few enough for the accept backlog. */
    private static final int MAX_SETTING_UP = 256;
    private static final int WARMUP_STREAMS = 50;
    private static final int HISTOGRAM_ROWS = 15;
    /**
     * Native memory tracking on; the heap touched at start-up, so that RSS grows only with memory outside the heap
     * rather than with the collector's first use of heap pages.
     */
    static final List<String> JVM_OPTIONS = List.of("-XX:NativeMemoryTracking=summary", "-XX:+AlwaysPreTouch");

    private final TargetSettings settings;
    private final String plan;
    private final int streams;
    private final ResourceSampler sampler = ResourceSampler.create();

    CapacityRun(TargetSettings settings, String plan, int streams) {
        if (streams < 1 || streams + EragateConfig.CAPACITY_HEADROOM > 100_000) {
            throw new IllegalArgumentException("streams must be 1.." + (100_000 - EragateConfig.CAPACITY_HEADROOM)
                    + " (subscriptions.maxListenersPerSession allows 100000)");
        }
        this.settings = settings;
        this.plan = plan;
        this.streams = streams;
    }

    CapacityResult run() throws InterruptedException {
        String startedAt = Instant.now().toString();
        try (HopProcesses processes = new HopProcesses(settings)) {
            HopProcesses.Started fixture = processes.fixture("capacity-fixture-legacy", FixtureMain.LEGACY);
            HopProcesses.Started eragate = processes.eragate("eragate-capacity",
                    (listen, admin) -> EragateConfig.capacity(listen, admin, fixture.port(), streams),
                    JVM_OPTIONS);
            long pid = eragate.process().handle().pid();
            Endpoint endpoint = Endpoint.loopback(eragate.port(), McpSamples.PATH);
            try (ListenStreams client = new ListenStreams(endpoint, MAX_SETTING_UP)) {
                int warm = Math.min(WARMUP_STREAMS, streams);
                int warmHeld = client.open(warm, openTimeout(warm));
                if (warmHeld == 0) {
                    throw new IllegalStateException("no listen stream was acknowledged: " + client.firstFailure()
                            + "; Eragate's log ends with:\n" + eragate.process().logTail());
                }
                client.closeAll();
                MemorySnapshot baseline = snapshot(pid, eragate.process());
                Optional<ClassHistogram> before = sampler.classHistogram(pid);
                int failuresBefore = client.failures();

                long opening = System.nanoTime();
                int held = client.open(streams, openTimeout(streams));
                double openSeconds = (System.nanoTime() - opening) / 1e9;
                log.info("capacity: {} of {} listen streams held after {} s", held, streams, openSeconds);
                MemorySnapshot loaded = snapshot(pid, eragate.process());
                Optional<ClassHistogram> after = sampler.classHistogram(pid);
                int failures = client.failures() - failuresBefore;
                String firstFailure = client.firstFailure();
                client.closeAll();
                MemorySnapshot afterClose = snapshot(pid, eragate.process());

                List<ClassHistogram.Row> growth = before.isPresent() && after.isPresent()
                        ? after.get().growthSince(before.get(), HISTOGRAM_ROWS) : List.of();
                Map<String, String> keys = new LinkedHashMap<>();
                int room = streams + EragateConfig.CAPACITY_HEADROOM;
                keys.put("subscriptions.maxListeners", Integer.toString(room));
                keys.put("subscriptions.maxListenersPerSession", Integer.toString(room));
                keys.put("limits.maxConnections", Integer.toString(room));
                keys.put("bridge.sessionStrategy", "pooled");
                String jvm = String.join(" ", settings.jvmOptions()) + " " + String.join(" ", JVM_OPTIONS);
                return new CapacityResult(plan, startedAt, streams, held, failures, firstFailure, openSeconds,
                        maxOpenFiles(), keys, jvm, baseline, loaded, afterClose, growth, processes.commands());
            }
        }
    }

    private MemorySnapshot snapshot(long pid, ChildProcess eragate) {
        OptionalLong heap = sampler.liveHeapBytes(pid);
        Optional<NativeMemory> nativeMemory = sampler.nativeMemory(pid);
        OptionalLong rss = sampler.residentBytes(List.of(eragate.handle()));
        return new MemorySnapshot(heap.orElse(-1), rss.orElse(-1),
                nativeMemory.map(NativeMemory::committedBytes).orElse(-1L),
                nativeMemory.map(NativeMemory::committedOutsideHeapBytes).orElse(-1L),
                nativeMemory.map(NativeMemory::committedByCategory).orElse(Map.of()));
    }

    private static Duration openTimeout(int count) {
        return Duration.ofSeconds(60).plusMillis(10L * count);
    }

    /** The soft {@code Max open files} limit of this process, or -1 when {@code /proc} cannot say. */
    static long maxOpenFiles() {
        try {
            return ProcStat.maxOpenFiles(Files.readString(Path.of("/proc/self/limits"), StandardCharsets.US_ASCII));
        } catch (IOException | IllegalArgumentException e) {
            return -1;
        }
    }
}
