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
 * each accepted request (one streaming scan of the body included). A request whose {@code Mcp-Name} disagrees with the
 * body shows what a rejection costs (the error body is built, the id kept). The same accepted request through the
 * tree-only front door ({@link FrontDoor#treeOnly}, the ladder before the scan) shows what the scan saves, and the
 * scan followed by the lazy parse what a request pays when translation needs the tree after all.
 *
 * <p>Not final: JMH generates subclasses of {@code @State} classes.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class FrontDoorBenchmark {

    private static final String HOST = "127.0.0.1:8080";

    private FrontDoor frontDoor;
    private FrontDoor treeOnly;
    private InboundRequest toolsCall;
    private InboundRequest mismatchedName;

    /** Builds the front door of the default config and the two requests, and checks each gets the verdict meant. */
    @Setup
    public void setUp() {
        FrontDoorPolicy policy = new FrontDoorPolicy(
                new RouteTable(List.of(new Route(McpSamples.PATH, "everything"))),
                OriginPolicy.of(List.of("http://localhost", "http://127.0.0.1"), List.of("localhost", "127.0.0.1")),
                ProtocolVersions.MODERN);
        frontDoor = new FrontDoor(policy);
        treeOnly = FrontDoor.treeOnly(policy);
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

    /** The accepted path reading the body into a Jackson tree, as every request did before the streaming scan. */
    @Benchmark
    public Verdict acceptToolsCallTree() {
        return treeOnly.check(toolsCall);
    }

    /** The accepted path, then the message parsed from the body, as a bridged or traced request needs it. */
    @Benchmark
    public Object acceptToolsCallThenMessage() {
        return ((Verdict.Accepted) frontDoor.check(toolsCall)).request().message();
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
