package io.eragate.bench.bridge;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.eragate.core.bridge.IdRewriter;
import io.eragate.core.bridge.UpstreamExchange;
import io.eragate.core.jsonrpc.JsonRpcId;
import io.eragate.core.jsonrpc.JsonRpcResponse;
import io.eragate.core.mcp.MetaKeys;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * One bridged exchange's id and token bookkeeping on a pooled session, from {@link IdRewriter#tryBegin} to
 * {@link IdRewriter#release}: a plain call (id out, response id back), and a call that asked for progress (token out,
 * one progress notification and the response mapped back).
 *
 * <p>Not final: JMH generates subclasses of {@code @State} classes.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class IdRewriterBenchmark {

    private IdRewriter rewriter;
    private JsonRpcId clientId;
    private JsonNode clientToken;
    private JsonNode result;

    /** A session with room for the default number of exchanges in flight, and the client's id, token and result. */
    @Setup
    public void setUp() {
        rewriter = new IdRewriter(1, 1024);
        clientId = JsonRpcId.of(7);
        clientToken = JsonNodeFactory.instance.textNode("client-progress-7");
        ObjectNode text = JsonNodeFactory.instance.objectNode().put("type", "text").put("text", "Echo: bench");
        ObjectNode echo = JsonNodeFactory.instance.objectNode();
        echo.putArray("content").add(text);
        result = echo;
    }

    /** Begin, map the upstream response back to the client's id, release. */
    @Benchmark
    public Optional<JsonRpcResponse> plainCall() {
        UpstreamExchange exchange = rewriter.tryBegin(clientId, null).orElseThrow();
        Optional<JsonRpcResponse> toClient =
                rewriter.responseForClient(JsonRpcResponse.success(exchange.upstreamId(), result));
        rewriter.release(exchange);
        return toClient;
    }

    /** Begin with a progress token, map one progress notification and the response back, release. */
    @Benchmark
    public Optional<JsonRpcResponse> callWithProgress() {
        UpstreamExchange exchange = rewriter.tryBegin(clientId, clientToken).orElseThrow();
        ObjectNode progress = JsonNodeFactory.instance.objectNode();
        progress.set(MetaKeys.PROGRESS_TOKEN, exchange.upstreamProgressToken());
        progress.put("progress", 1).put("total", 2);
        if (rewriter.progressForClient(progress).isEmpty()) {
            throw new IllegalStateException("progress of an exchange in flight was not mapped back");
        }
        Optional<JsonRpcResponse> toClient =
                rewriter.responseForClient(JsonRpcResponse.success(exchange.upstreamId(), result));
        rewriter.release(exchange);
        return toClient;
    }
}
