package io.eragate.bench.sse;

import io.eragate.core.sse.SseEncoder;
import io.eragate.core.sse.SseEvent;
import io.eragate.core.sse.SseEventBoundaryScanner;
import io.eragate.core.sse.SseLimitExceededException;
import io.eragate.core.sse.SseParser;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.infra.Blackhole;

/**
 * The SSE reading of one streamed {@code tools/call} answer: two {@code notifications/progress} events and the result,
 * as a 2025-11-25 server sends them (priming event first, ids on every event). Per operation: a fresh parser (one per
 * stream) fed the whole answer, either as it arrives in one read or in small reads; the boundary scan a byte-exact
 * relay does instead of parsing.
 *
 * <p>Not final: JMH generates subclasses of {@code @State} classes.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class SseParseBenchmark {

    private static final int MAX_LINE_BYTES = 64 * 1024;
    private static final int MAX_EVENT_BYTES = 1024 * 1024;
    private static final String PROGRESS = "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/progress\",\"params\":"
            + "{\"progressToken\":\"eg-1-42\",\"progress\":%d,\"total\":2}}";
    private static final String RESULT = "{\"jsonrpc\":\"2.0\",\"id\":\"eg-1-42\",\"result\":{\"content\":[{\"type\":"
            + "\"text\",\"text\":\"Echo: bench\"}],\"resultType\":\"complete\"}}";
    private static final int EVENTS_IN_STREAM = 4;

    /** Bytes per read handed to the parser: the whole answer at once, or a small TCP read. */
    @Param({"0", "64"})
    public int chunkBytes;

    private byte[] stream;

    /** Builds the stream with the encoder and checks the parser finds all its events. */
    @Setup
    public void setUp() throws SseLimitExceededException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.writeBytes(SseEncoder.encode(new SseEvent("0", null, "", null)));
        for (int step = 1; step <= 2; step++) {
            out.writeBytes(SseEncoder.encode(new SseEvent(String.valueOf(step), null,
                    String.format(PROGRESS, step), null)));
        }
        out.writeBytes(SseEncoder.encode(new SseEvent("3", null, RESULT, null)));
        stream = out.toByteArray();
        List<SseEvent> events = new ArrayList<>();
        parse(events::add);
        if (events.size() != EVENTS_IN_STREAM || !RESULT.equals(events.get(EVENTS_IN_STREAM - 1).data())) {
            throw new IllegalStateException("the sample stream parses to " + events);
        }
        if (new SseEventBoundaryScanner().feed(stream, 0, stream.length) != EVENTS_IN_STREAM) {
            throw new IllegalStateException("the boundary scanner does not find " + EVENTS_IN_STREAM + " events in "
                    + new String(stream, StandardCharsets.UTF_8));
        }
    }

    /** Parses the whole answer into events, handing each to the blackhole. */
    @Benchmark
    public void parseStream(Blackhole blackhole) throws SseLimitExceededException {
        parse(blackhole::consume);
    }

    /** Finds the event boundaries of the whole answer without decoding it. */
    @Benchmark
    public int scanBoundaries() {
        SseEventBoundaryScanner scanner = new SseEventBoundaryScanner();
        int step = chunkBytes == 0 ? stream.length : chunkBytes;
        int events = 0;
        for (int offset = 0; offset < stream.length; offset += step) {
            events += scanner.feed(stream, offset, Math.min(step, stream.length - offset));
        }
        return events;
    }

    private void parse(Consumer<SseEvent> sink) throws SseLimitExceededException {
        SseParser parser = new SseParser(MAX_LINE_BYTES, MAX_EVENT_BYTES);
        int step = chunkBytes == 0 ? stream.length : chunkBytes;
        for (int offset = 0; offset < stream.length; offset += step) {
            parser.feed(stream, offset, Math.min(step, stream.length - offset), sink);
        }
    }
}
