package io.eragate.bench.jsonrpc;

import io.eragate.bench.McpSamples;
import io.eragate.core.jsonrpc.Decoded;
import io.eragate.core.jsonrpc.JsonRpcCodec;
import io.eragate.core.jsonrpc.JsonRpcResponse;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * {@link JsonRpcCodec} on the sample {@code tools/call} and on the echo result a modern server returns: the parse every
 * request pays, the parse a translated response pays, and the write of a response.
 *
 * <p>Not final: JMH generates subclasses of {@code @State} classes.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class JsonRpcCodecBenchmark {

    /** The answer of the modern fixture's echo tool, byte for byte the shape the harness receives. */
    static final String ECHO_RESULT = "{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{\"content\":[{\"type\":\"text\","
            + "\"text\":\"" + McpSamples.ECHO_MARKER + "\"}],\"resultType\":\"complete\",\"_meta\":{"
            + "\"io.modelcontextprotocol/serverInfo\":{\"name\":\"modern-fixture\",\"version\":\"1.0\"}}}}";

    private byte[] toolsCall;
    private byte[] echoResult;
    private JsonRpcResponse response;

    /** Loads the bodies and checks each decodes to the message kind it is meant to be. */
    @Setup
    public void setUp() {
        toolsCall = McpSamples.toolsCallBody();
        echoResult = ECHO_RESULT.getBytes(StandardCharsets.UTF_8);
        if (!(JsonRpcCodec.decode(toolsCall) instanceof Decoded.Message)) {
            throw new IllegalStateException("the sample tools/call does not decode as a message");
        }
        if (!(JsonRpcCodec.decode(echoResult) instanceof Decoded.Message message)
                || !(message.message() instanceof JsonRpcResponse decoded)) {
            throw new IllegalStateException("the sample echo result does not decode as a response");
        }
        response = decoded;
    }

    /** Parse and classify a request body. */
    @Benchmark
    public Decoded decodeToolsCall() {
        return JsonRpcCodec.decode(toolsCall);
    }

    /** Parse and classify a response body. */
    @Benchmark
    public Decoded decodeEchoResult() {
        return JsonRpcCodec.decode(echoResult);
    }

    /** Write a response back to bytes. */
    @Benchmark
    public byte[] encodeEchoResult() {
        return JsonRpcCodec.encode(response);
    }
}
