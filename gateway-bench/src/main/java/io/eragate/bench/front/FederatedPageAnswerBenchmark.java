package io.eragate.bench.front;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.eragate.core.jsonrpc.JsonRpcCodec;
import io.eragate.core.jsonrpc.JsonRpcId;
import io.eragate.core.jsonrpc.JsonRpcResponse;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * The answer to a cached federated {@code tools/list} (a merged page of three upstreams' tools): as it was built
 * before, the cached tree copied and the whole response encoded for each request, and as it is now, the page encoded
 * once when cached and each answer writing only its own id around those bytes.
 *
 * <p>Not final: JMH generates subclasses of {@code @State} classes.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class FederatedPageAnswerBenchmark {
    private static final int TOOLS_PER_UPSTREAM = 4;

    private ObjectNode page;
    private byte[] pageJson;
    private JsonRpcId id;

    /** A merged page shaped like the load harness's: three upstreams, their tools prefixed, each with a schema. */
    @Setup
    public void setUp() {
        page = JsonNodeFactory.instance.objectNode();
        ArrayNode tools = page.putArray("tools");
        for (String upstream : new String[] {"alpha", "beta", "gamma"}) {
            for (int i = 0; i < TOOLS_PER_UPSTREAM; i++) {
                ObjectNode tool = tools.addObject().put("name", upstream + "_tool" + i)
                        .put("description", "Tool " + i + " of " + upstream + ": echoes its message back");
                ObjectNode schema = tool.putObject("inputSchema").put("type", "object");
                schema.putObject("properties").putObject("message").put("type", "string")
                        .put("description", "what to echo");
                schema.putArray("required").add("message");
            }
        }
        pageJson = JsonRpcCodec.encodeValue(page);
        id = JsonRpcId.of(42);
    }

    /** Before: the cached tree copied, then the response encoded whole. */
    @Benchmark
    public byte[] treeCopiedAndEncoded() {
        return JsonRpcCodec.encode(JsonRpcResponse.success(id, page.deepCopy()));
    }

    /** Now: the page's bytes, encoded once, with the request's id written around them. */
    @Benchmark
    public byte[] encodedOnce() {
        return JsonRpcCodec.encodeSuccess(id, pageJson);
    }
}
