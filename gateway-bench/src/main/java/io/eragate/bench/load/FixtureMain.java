package io.eragate.bench.load;

import io.eragate.netty.testing.ModernFixtureUpstream;
import io.eragate.netty.testing.ResponseMode;
import java.io.IOException;

/**
 * Runs the modern echo fixture in a JVM of its own, so its CPU is measured apart from the client's and the proxy's.
 * Prints {@code fixture-port=<port>} on stdout once it listens, then serves until its stdin closes (the harness
 * ended, whichever way) or it is terminated.
 *
 * <p>Usage: {@code java -cp benchmarks.jar io.eragate.bench.load.FixtureMain [ioThreads]}
 */
public final class FixtureMain {
    /** The line prefix the harness waits for. */
    public static final String PORT_PREFIX = "fixture-port=";

    private FixtureMain() {
    }

    public static void main(String[] args) throws IOException {
        int ioThreads = args.length > 0 ? Integer.parseInt(args[0]) : 2;
        try (ModernFixtureUpstream upstream = ModernFixtureUpstream.builder()
                .responseMode(ResponseMode.JSON)
                .ioThreads(ioThreads)
                .maxRecordedRequests(1)
                .start()) {
            System.out.println(PORT_PREFIX + upstream.port());
            System.out.flush();
            while (System.in.read() >= 0) {
                // Only end-of-input matters: the harness holds the other end of this pipe.
            }
        }
    }
}
