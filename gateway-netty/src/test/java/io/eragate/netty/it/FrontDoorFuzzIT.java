package io.eragate.netty.it;

import com.code_intelligence.jazzer.api.BugDetectors;
import com.code_intelligence.jazzer.api.SilentCloseable;
import com.code_intelligence.jazzer.junit.FuzzTest;
import java.util.Set;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;

/**
 * Coverage-guided fuzzing of the front door with Jazzer: raw bytes on a real socket to a gateway on port 0 in front
 * of a canned upstream (see {@link FuzzTarget} for the invariants). The build runs it in fuzzing mode for a bounded
 * time ({@code JAZZER_FUZZ=1} in the failsafe configuration); without that variable it replays the committed corpus
 * in {@code FrontDoorFuzzITInputs/fuzzTheFrontDoor} (malformed heads, smuggling attempts, bad chunking, bad UTF-8,
 * huge headers, pipelined garbage), where a new finding also lands as a file to commit.
 */
class FrontDoorFuzzIT {
    private static final Set<String> LOOPBACK = Set.of("127.0.0.1", "localhost", "::1", "0:0:0:0:0:0:0:1");
    private static FuzzTarget target;

    @BeforeAll
    static void start() {
        target = new FuzzTarget();
    }

    @AfterAll
    static void stop() {
        try {
            target.assertQuiet();
        } finally {
            target.close();
        }
    }

    @FuzzTest(maxDuration = "30s")
    void fuzzTheFrontDoor(byte[] input) {
        // Jazzer's SSRF detector flags every connection, the gateway's own to its upstream included; this target
        // only ever talks to loopback.
        try (SilentCloseable loopback = BugDetectors.allowNetworkConnections((host, port) -> LOOPBACK.contains(host))) {
            target.check(input);
        }
    }
}
