package io.eragate.bench.telemetry;

import io.eragate.bench.McpSamples;
import io.eragate.core.frontdoor.ValidatedRequest;
import io.eragate.core.jsonrpc.Decoded;
import io.eragate.core.jsonrpc.JsonRpcCodec;
import io.eragate.core.jsonrpc.JsonRpcId;
import io.eragate.core.jsonrpc.JsonRpcRequest;
import io.eragate.core.telemetry.TraceparentRewrite;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * What tracing adds to a modern pass-through: putting the gateway's {@code traceparent} into the forwarded bytes
 * ({@code _meta.traceparent} inserted, or overwritten where the client sent one), alone and with the copy of the
 * parsed params that keeps the request's tree in step with its bytes. {@code argumentBytes} pads the tool's arguments,
 * which come before {@code _meta} in the sample, so the scan has to pass them.
 *
 * <p>Not final: JMH generates subclasses of {@code @State} classes.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class TraceparentRewriteBenchmark {
    private static final String OURS = "00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01";
    private static final String THEIRS = "00-11111111111111111111111111111111-2222222222222222-01";

    @Param({"0", "16384"})
    public int argumentBytes;

    private byte[] withoutTraceparent;
    private byte[] withTraceparent;
    private ValidatedRequest request;

    /** Builds the bodies: the sample, padded, without and with a client traceparent. */
    @Setup
    public void setUp() {
        String sample = new String(McpSamples.toolsCallBody(), StandardCharsets.UTF_8)
                .replace("\"message\":\"" + McpSamples.MESSAGE + "\"",
                        "\"message\":\"" + McpSamples.MESSAGE + "\",\"pad\":\"" + "x".repeat(argumentBytes) + "\"");
        withoutTraceparent = sample.getBytes(StandardCharsets.UTF_8);
        withTraceparent = sample.replace("\"_meta\":{", "\"_meta\":{\"traceparent\":\"" + THEIRS + "\",")
                .getBytes(StandardCharsets.UTF_8);
        if (!(JsonRpcCodec.decode(withTraceparent) instanceof Decoded.Message decoded)
                || !(decoded.message() instanceof JsonRpcRequest message)) {
            throw new IllegalStateException("the padded sample does not decode as a request");
        }
        request = new ValidatedRequest(message, withTraceparent, "2026-07-28", "tools/call", McpSamples.TOOL,
                JsonRpcId.of(1));
    }

    /** Insert the key into the client's {@code _meta}. */
    @Benchmark
    public byte[] insertIntoBytes() {
        return TraceparentRewrite.rewrite(withoutTraceparent, OURS);
    }

    /** Overwrite the client's own value. */
    @Benchmark
    public byte[] overwriteInBytes() {
        return TraceparentRewrite.rewrite(withTraceparent, OURS);
    }

    /** The whole step the request path takes: bytes, plus the params copy for the tree. */
    @Benchmark
    public ValidatedRequest applyToRequest() {
        return TraceparentRewrite.apply(request, OURS);
    }
}
