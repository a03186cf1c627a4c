package io.eragate.bench.mrtr;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.eragate.core.jsonrpc.JsonRpcId;
import io.eragate.core.mrtr.ParamsDigest;
import io.eragate.core.mrtr.RequestState;
import io.eragate.core.mrtr.RequestStateVerifier;
import io.eragate.core.mrtr.Verification;
import io.eragate.core.security.StateSealer;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
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
 * The cost MRTR adds to one round: sealing the {@code requestState} of an {@code input_required} answer (AES-GCM
 * over the state's JSON), and verifying it on the retry (open, decode, principal/expiry/method/params checks).
 *
 * <p>Not final: JMH generates subclasses of {@code @State} classes.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class RequestStateBenchmark {

    private RequestStateVerifier verifier;
    private RequestState state;
    private ObjectNode params;
    private String token;
    private Instant now;

    /** A verifier keyed from a configured secret, a typical one-elicitation state, and its sealed token. */
    @Setup
    public void setUp() {
        verifier = new RequestStateVerifier(
                StateSealer.fromSecret("benchmark-secret-of-32-bytes-len".getBytes(StandardCharsets.UTF_8)));
        params = JsonNodeFactory.instance.objectNode().put("name", "book_flight");
        params.putObject("arguments").put("from", "AMS").put("to", "SFO");
        now = Instant.parse("2026-12-02T12:00:00Z");
        state = new RequestState("instance-a", "call-42", "anonymous", now.plus(Duration.ofMinutes(1)), "tools/call",
                ParamsDigest.of(params), Map.of("elicitation_1", JsonRpcId.of("eg-1-7")), Map.of(), 1);
        token = verifier.issue(state);
    }

    /** Seal the state of one input_required answer. */
    @Benchmark
    public String seal() {
        return verifier.issue(state);
    }

    /** Open and check the state a retry carries. */
    @Benchmark
    public Verification open() {
        return verifier.verify(token, "anonymous", "tools/call", params, now);
    }
}
