package io.eragate.bench.load;

import io.eragate.bench.McpSamples;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
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
 *
 * <p>The same run for {@link CapacityResult#LEGACY_SESSIONS}: Eragate's legacy-client front in front of the modern
 * fixture; the harness opens as many legacy sessions as it will hold ({@code initialize}, {@code
 * notifications/initialized}), and each held stream is one session's GET stream, which the front feeds from an
 * upstream {@code subscriptions/listen} that identical sessions share; the memory is taken once that listen's
 * upstream connection is established.
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
    // A memory measurement, unlike the load run: a fixed, pre-touched heap keeps RSS from moving with heap growth.
    static final List<String> JVM_OPTIONS = List.of("-Xms512m", "-Xmx512m", "-XX:NativeMemoryTracking=summary",
            "-XX:+AlwaysPreTouch");

    /** Sessions being opened at once by the legacy-session run. */
    private static final int PARALLEL_SESSION_OPENS = 8;
    /** How long the legacy-session run waits for the front's upstream listen to be connected. */
    private static final Duration UPSTREAM_SETTLE = Duration.ofSeconds(120);
    /** How many reads of the live heap {@link #settledAfterClose} makes at most, one a second. */
    private static final int CLOSE_SETTLE = 30;

    /** The GET streams one replica's front keeps (beyond it the least recently used is ended). */
    static final int MAX_FRONT_SESSIONS = 10_000;

    private final TargetSettings settings;
    private final String plan;
    private final int streams;
    private final String subject;
    private final ResourceSampler sampler = ResourceSampler.create();

    CapacityRun(TargetSettings settings, String plan, int streams) {
        this(settings, plan, streams, CapacityResult.LISTEN_STREAMS);
    }

    /** A run of {@code subject} ({@link CapacityResult#LISTEN_STREAMS} or {@link CapacityResult#LEGACY_SESSIONS}). */
    CapacityRun(TargetSettings settings, String plan, int streams, String subject) {
        if (streams < 1 || streams + EragateConfig.CAPACITY_HEADROOM > 100_000) {
            throw new IllegalArgumentException("streams must be 1.." + (100_000 - EragateConfig.CAPACITY_HEADROOM)
                    + " (subscriptions.maxListenersPerSession allows 100000)");
        }
        this.settings = settings;
        this.plan = plan;
        if (CapacityResult.LEGACY_SESSIONS.equals(subject) && streams > MAX_FRONT_SESSIONS) {
            throw new IllegalArgumentException("the legacy-client front keeps the GET streams of at most "
                    + MAX_FRONT_SESSIONS + " sessions per replica; asked to hold " + streams);
        }
        this.streams = streams;
        this.subject = subject;
    }

    CapacityResult run() throws InterruptedException {
        String startedAt = Instant.now().toString();
        boolean sessions = CapacityResult.LEGACY_SESSIONS.equals(subject);
        int warm = Math.min(WARMUP_STREAMS, streams);
        try (HopProcesses processes = new HopProcesses(settings)) {
            HopProcesses.Started fixture = sessions
                    ? processes.fixture("sessions-fixture-modern", FixtureMain.MODERN)
                    : processes.fixture("capacity-fixture-legacy", FixtureMain.LEGACY);
            HopProcesses.Started eragate = processes.eragate(sessions ? "eragate-sessions" : "eragate-capacity",
                    (listen, admin) -> sessions
                            ? EragateConfig.legacySessions(listen, admin, fixture.port(), streams)
                            : EragateConfig.capacity(listen, admin, fixture.port(), streams),
                    JVM_OPTIONS);
            long pid = eragate.process().handle().pid();
            Endpoint endpoint = Endpoint.loopback(eragate.port(), McpSamples.PATH);
            try (ListenStreams client = sessions ? sessionStreams(endpoint, warm + streams)
                    : new ListenStreams(endpoint, MAX_SETTING_UP)) {
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
                log.info("capacity: {} of {} {} held after {} s", held, streams, subject, openSeconds);
                if (sessions) {
                    awaitUpstreamListen(pid, fixture.port(), held);
                }
                MemorySnapshot loaded = snapshot(pid, eragate.process());
                Optional<ClassHistogram> after = sampler.classHistogram(pid);
                int failures = client.failures() - failuresBefore;
                String firstFailure = client.firstFailure();
                client.closeAll();
                MemorySnapshot afterClose = settledAfterClose(pid, eragate.process());

                List<ClassHistogram.Row> growth = before.isPresent() && after.isPresent()
                        ? after.get().growthSince(before.get(), HISTOGRAM_ROWS) : List.of();
                Map<String, String> keys = sessions ? EragateConfig.legacySessionKeys(streams)
                        : EragateConfig.capacityKeys(streams);
                String jvm = String.join(" ", settings.jvmOptions()) + " " + String.join(" ", JVM_OPTIONS);
                return new CapacityResult(plan, startedAt, streams, held, failures, firstFailure, openSeconds,
                        maxOpenFiles(), keys, jvm, baseline, loaded, afterClose, growth, processes.commands(),
                        subject);
            }
        }
    }

    /** A client of {@code count} legacy sessions opened now, each stream the GET stream of the next one. */
    private static ListenStreams sessionStreams(Endpoint endpoint, int count) throws InterruptedException {
        List<byte[]> gets = LegacyClientSessions.open(endpoint, count, PARALLEL_SESSION_OPENS).stream()
                .map(id -> RequestTemplate.get(endpoint, McpSamples.legacyStreamHeaders(id))).toList();
        return new ListenStreams(endpoint, gets, null, MAX_SETTING_UP);
    }

    /**
     * Waits until Eragate ({@code pid}) has a connection established to the fixture's {@code port}: the held GET
     * streams' shared upstream listen (a session joins it while its GET is answered, so once the streams are held
     * only that one connection can still be on its way).
     */
    private static void awaitUpstreamListen(long pid, int port, int streams) throws InterruptedException {
        long deadline = System.nanoTime() + UPSTREAM_SETTLE.toNanos();
        int established = 0;
        while (System.nanoTime() < deadline) {
            established = EstablishedConnections.count(pid, port);
            if (established >= 1) {
                log.info("capacity: {} upstream connections established for {} GET streams", established, streams);
                return;
            }
            Thread.sleep(500);
        }
        log.warn("capacity: no upstream connection established for {} GET streams after {}", streams,
                UPSTREAM_SETTLE);
    }

    /**
     * The memory once the gateway has finished closing the streams. The client's close completes when its own
     * channels are closed, while the gateway still tears thousands of streams down on its event loops: a snapshot
     * taken at once found 45 MiB still live where one taken seconds later found the baseline. So the live heap is
     * read every second (each read after a full collection) until it stops falling by more than 1 MiB, for at most
     * {@link #CLOSE_SETTLE} reads; what it reaches then is what closing the streams leaves behind.
     */
    private MemorySnapshot settledAfterClose(long pid, ChildProcess eragate) throws InterruptedException {
        MemorySnapshot last = snapshot(pid, eragate);
        for (int read = 1; read < CLOSE_SETTLE; read++) {
            Thread.sleep(1000);
            MemorySnapshot next = snapshot(pid, eragate);
            if (last.liveHeapBytes() - next.liveHeapBytes() <= 1 << 20) {
                return next;
            }
            last = next;
        }
        log.warn("capacity: the live heap was still falling {} s after the streams closed", CLOSE_SETTLE);
        return last;
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
        // Generous: on a loaded 2-core machine a legacy session's GET stream (and its upstream listen) took about
        // 15 ms to set up, 256 at a time.
        return Duration.ofSeconds(60).plusMillis(30L * count);
    }

    /**
     * The legacy sessions a run may hold here: {@code wanted}, or fewer when the hard limit on open files (which the
     * Eragate JVM raises its own soft limit to) leaves no room for {@link #SOCKETS_PER_SESSION} sockets per session
     * and {@link #FILES_BESIDES_SESSIONS} more.
     */
    static int sessionsTheLimitAllows(int wanted, long hardMaxOpenFiles) {
        if (hardMaxOpenFiles <= 0) {
            return wanted;
        }
        return (int) Math.max(1, Math.min(wanted, (hardMaxOpenFiles - FILES_BESIDES_SESSIONS) / SOCKETS_PER_SESSION));
    }

    /**
     * Sockets Eragate holds per idle legacy session: the client's GET stream. The session's listen is served inside
     * the gateway (no loopback connection), and the harness's sessions, all of one client and one principal, share
     * one upstream listen.
     */
    static final int SOCKETS_PER_SESSION = 1;

    /** Files the Eragate JVM holds besides its sessions' sockets: jars, event loops, pooled connections, headroom. */
    static final int FILES_BESIDES_SESSIONS = 1_000;

    /** The hard {@code Max open files} limit of this process, or -1 when {@code /proc} cannot say. */
    static long hardMaxOpenFiles() {
        try {
            return ProcStat.hardMaxOpenFiles(Files.readString(Path.of("/proc/self/limits"),
                    StandardCharsets.US_ASCII));
        } catch (IOException | IllegalArgumentException e) {
            return -1;
        }
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
