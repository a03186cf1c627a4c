package io.eragate.bench.frontdoor;

import io.eragate.bench.McpSamples;
import io.eragate.core.frontdoor.FrontDoor;
import io.eragate.core.frontdoor.FrontDoorPolicy;
import io.eragate.core.frontdoor.HeaderView;
import io.eragate.core.frontdoor.InboundRequest;
import io.eragate.core.frontdoor.Verdict;
import io.eragate.core.mcp.ProtocolVersions;
import io.eragate.core.route.Route;
import io.eragate.core.route.RouteTable;
import io.eragate.core.security.OriginPolicy;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * {@link FrontDoor#check} on the sample {@code tools/call}: every rung passes, so this is the cost the ladder adds to
 * each accepted request (one body parse included). A request whose {@code Mcp-Name} disagrees with the body shows
 * what a rejection costs (the error body is built, the id kept).
 *
 * <p>Not final: JMH generates subclasses of {@code @State} classes.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class FrontDoorBenchmark {

    private static final String HOST = "127.0.0.1:8080";

    private FrontDoor frontDoor;
    private InboundRequest toolsCall;
    private InboundRequest mismatchedName;

    /** Builds the front door of the default config and the two requests, and checks each gets the verdict meant. */
    @Setup
    public void setUp() {
        frontDoor = new FrontDoor(new FrontDoorPolicy(
                new RouteTable(List.of(new Route(McpSamples.PATH, "everything"))),
                OriginPolicy.of(List.of("http://localhost", "http://127.0.0.1"), List.of("localhost", "127.0.0.1")),
                ProtocolVersions.MODERN));
        toolsCall = request(McpSamples.toolsCallHeaderFields(HOST));
        Map<String, List<String>> wrongName = McpSamples.toolsCallHeaderFields(HOST);
        wrongName.put("Mcp-Name", List.of("not-echo"));
        mismatchedName = request(wrongName);
        expect(toolsCall, Verdict.Accepted.class);
        expect(mismatchedName, Verdict.Rejected.class);
    }

    /** The accepted path: what every valid {@code tools/call} pays. */
    @Benchmark
    public Verdict acceptToolsCall() {
        return frontDoor.check(toolsCall);
    }

    /** A 400/-32020 for a mirrored header that disagrees with the body, found after the whole ladder ran. */
    @Benchmark
    public Verdict rejectMismatchedName() {
        return frontDoor.check(mismatchedName);
    }

    private static InboundRequest request(Map<String, List<String>> headers) {
        return new InboundRequest("POST", McpSamples.PATH, HeaderView.of(headers), McpSamples.toolsCallBody());
    }

    private void expect(InboundRequest request, Class<? extends Verdict> wanted) {
        Verdict verdict = frontDoor.check(request);
        if (!wanted.isInstance(verdict)) {
            throw new IllegalStateException("benchmark request meant to be " + wanted.getSimpleName() + " got "
                    + verdict);
        }
    }
}
