package io.eragate.bench.frontdoor;

import io.eragate.core.frontdoor.HeaderSentinel;
import io.eragate.core.frontdoor.HeaderSentinel.DecodeResult;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * {@link HeaderSentinel} on the values an {@code Mcp-Name} carries: a plain ASCII tool name (the common case, which
 * must stay cheap) and a non-ASCII name that travels as {@code =?base64?…?=}.
 *
 * <p>Not final: JMH generates subclasses of {@code @State} classes.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class HeaderSentinelBenchmark {

    private static final String ASCII_NAME = "search_documents";
    private static final String UNICODE_NAME = "résumé-搜索-☕";

    private String sentinel;

    /** Encodes the non-ASCII name once and checks it decodes back to itself. */
    @Setup
    public void setUp() {
        sentinel = HeaderSentinel.encode(UNICODE_NAME);
        if (!UNICODE_NAME.equals(HeaderSentinel.decode(sentinel).valueOrNull())) {
            throw new IllegalStateException("the sentinel of " + UNICODE_NAME + " does not decode back: " + sentinel);
        }
    }

    /** A literal value: the prefix check fails and the value is wrapped. */
    @Benchmark
    public DecodeResult decodeLiteral() {
        return HeaderSentinel.decode(ASCII_NAME);
    }

    /** A sentinel: canonical-Base64 check, decode, strict UTF-8. */
    @Benchmark
    public DecodeResult decodeSentinel() {
        return HeaderSentinel.decode(sentinel);
    }

    /** Encoding a non-ASCII name for an outgoing header. */
    @Benchmark
    public String encodeUnicode() {
        return HeaderSentinel.encode(UNICODE_NAME);
    }
}
