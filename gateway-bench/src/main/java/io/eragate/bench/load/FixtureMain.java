package io.eragate.bench.load;

import io.eragate.netty.testing.LegacyFixtureUpstream;
import io.eragate.netty.testing.ModernFixtureUpstream;
import io.eragate.netty.testing.ResponseMode;
import java.io.IOException;

/**
 * Runs an echo fixture in a JVM of its own, so its CPU is measured apart from the client's and the proxy's: the
 * modern (2026-07-28) fixture, or the legacy (2025-11-25, sessions) one that the bridge scenarios put behind Eragate.
 * Both answer in JSON; the tools {@code blob} and {@code burst} ask for a large result and for an SSE answer of many
 * events. The legacy fixture serves the session's GET stream, which the bridge shares among its
 * {@code subscriptions/listen} streams (the capacity run). Prints {@code fixture-port=<port>} on stdout once it
 * listens, then serves until its stdin closes (the harness ended, whichever way) or it is terminated.
 *
 * <p>Usage: {@code java -cp benchmarks.jar io.eragate.bench.load.FixtureMain [ioThreads] [modern|legacy]}
 */
public final class FixtureMain {
    /** The line prefix the harness waits for. */
    public static final String PORT_PREFIX = "fixture-port=";
    /** The second argument that selects the modern fixture (the default). */
    public static final String MODERN = "modern";
    /** The second argument that selects the legacy fixture. */
    public static final String LEGACY = "legacy";
    /**
     * Live sessions the legacy fixture keeps. The per-call scenario opens and deletes one session per request; the
     * bound only has to outlast the DELETEs still in flight, and must never be what the benchmark measures.
     */
    static final int LEGACY_MAX_SESSIONS = 100_000;

    private FixtureMain() {
    }

    public static void main(String[] args) throws IOException {
        int ioThreads = args.length > 0 ? Integer.parseInt(args[0]) : 2;
        String era = args.length > 1 ? args[1] : MODERN;
        switch (era) {
            case MODERN -> serveModern(ioThreads);
            case LEGACY -> serveLegacy(ioThreads);
            default -> throw new IllegalArgumentException("fixture era must be " + MODERN + " or " + LEGACY + ": "
                    + era);
        }
    }

    private static void serveModern(int ioThreads) throws IOException {
        try (ModernFixtureUpstream upstream = ModernFixtureUpstream.builder()
                .responseMode(ResponseMode.JSON)
                .ioThreads(ioThreads)
                .maxRecordedRequests(1)
                .start()) {
            serveUntilStdinCloses(upstream.port());
        }
    }

    private static void serveLegacy(int ioThreads) throws IOException {
        try (LegacyFixtureUpstream upstream = LegacyFixtureUpstream.builder()
                .responseMode(ResponseMode.JSON)
                .ioThreads(ioThreads)
                .maxRecordedRequests(1)
                .maxSessions(LEGACY_MAX_SESSIONS)
                .standaloneStreams(true)
                .start()) {
            serveUntilStdinCloses(upstream.port());
        }
    }

    private static void serveUntilStdinCloses(int port) throws IOException {
        System.out.println(PORT_PREFIX + port);
        System.out.flush();
        while (System.in.read() >= 0) {
            // Only end-of-input matters: the harness holds the other end of this pipe.
        }
    }
}
