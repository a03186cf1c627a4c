package io.eragate.bench.sse;

import io.eragate.core.sse.SseEncoder;
import io.eragate.core.sse.SseEvent;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;

/**
 * {@link SseEncoder} writing the events Eragate itself emits on a stream: a {@code tools/call} result and a keep-alive
 * comment.
 *
 * <p>Not final: JMH generates subclasses of {@code @State} classes.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class SseEncodeBenchmark {

    private static final SseEvent RESULT = new SseEvent("3", null, "{\"jsonrpc\":\"2.0\",\"id\":7,\"result\":{"
            + "\"content\":[{\"type\":\"text\",\"text\":\"Echo: bench\"}],\"resultType\":\"complete\"}}", null);

    /** A result event with an id. */
    @Benchmark
    public byte[] encodeResultEvent() {
        return SseEncoder.encode(RESULT);
    }

    /** The shortest keep-alive. */
    @Benchmark
    public byte[] encodeKeepAlive() {
        return SseEncoder.comment("");
    }
}
