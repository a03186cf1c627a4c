package io.eragate.bench.jmh;

import io.eragate.core.exchange.AnswerSniffer;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;

/**
 * The outcome report's look at one pass-through answer (a JSON {@code tools/call} result, which holds no error): a
 * sniffer for its content type, its bytes fed, and its error code read. {@code freshCopy} feeds it the way the
 * connection's tap did before, from an array copied for each answer; {@code scratch} the way it does now, from an
 * array reused on the event loop. Run both on two builds to see the sniffer's own buffer.
 *
 * <p>Not final: JMH generates subclasses of {@code @State} classes.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class AnswerSnifferBenchmark {
    private static final byte[] ANSWER = ("{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{\"content\":[{\"type\":\"text\","
            + "\"text\":\"hello from the load harness\"}],\"isError\":false}}").getBytes(StandardCharsets.UTF_8);

    private final byte[] scratch = new byte[8192];

    /** A new array per answer, copied from the wire buffer, then fed. */
    @Benchmark
    public Integer freshCopy() {
        AnswerSniffer sniffer = AnswerSniffer.forContentType("application/json");
        byte[] copy = new byte[ANSWER.length];
        System.arraycopy(ANSWER, 0, copy, 0, copy.length);
        sniffer.feed(copy, 0, copy.length);
        return sniffer.errorCode();
    }

    /** The event loop's scratch array, copied into, then fed. */
    @Benchmark
    public Integer scratch() {
        AnswerSniffer sniffer = AnswerSniffer.forContentType("application/json");
        System.arraycopy(ANSWER, 0, scratch, 0, ANSWER.length);
        sniffer.feed(scratch, 0, ANSWER.length);
        return sniffer.errorCode();
    }
}
