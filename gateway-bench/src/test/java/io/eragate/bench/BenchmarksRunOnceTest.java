package io.eragate.bench;

import static org.assertj.core.api.Assertions.assertThat;

import io.eragate.bench.bridge.IdRewriterBenchmark;
import io.eragate.bench.frontdoor.FrontDoorBenchmark;
import io.eragate.bench.frontdoor.HeaderSentinelBenchmark;
import io.eragate.bench.jsonrpc.JsonRpcCodecBenchmark;
import io.eragate.bench.sse.SseEncodeBenchmark;
import io.eragate.bench.sse.SseParseBenchmark;
import io.eragate.core.frontdoor.HeaderSentinel;
import io.eragate.core.frontdoor.Verdict;
import io.eragate.core.jsonrpc.Decoded;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;
import org.openjdk.jmh.infra.Blackhole;

/** Every benchmark's setup and one call of each method, so a broken benchmark fails the build, not a JMH run. */
class BenchmarksRunOnceTest {

    @Test
    void frontDoorAcceptsTheSampleAndRejectsTheMismatch() {
        FrontDoorBenchmark benchmark = new FrontDoorBenchmark();
        benchmark.setUp();
        assertThat(benchmark.acceptToolsCall()).isInstanceOf(Verdict.Accepted.class);
        assertThat(benchmark.rejectMismatchedName()).isInstanceOf(Verdict.Rejected.class);
    }

    @Test
    void sentinelDecodesBothForms() {
        HeaderSentinelBenchmark benchmark = new HeaderSentinelBenchmark();
        benchmark.setUp();
        assertThat(benchmark.decodeLiteral()).isInstanceOf(HeaderSentinel.DecodeResult.Literal.class);
        assertThat(benchmark.decodeSentinel()).isInstanceOf(HeaderSentinel.DecodeResult.FromBase64.class);
        assertThat(benchmark.encodeUnicode()).startsWith(HeaderSentinel.PREFIX);
    }

    @Test
    void codecDecodesAndEncodes() {
        JsonRpcCodecBenchmark benchmark = new JsonRpcCodecBenchmark();
        benchmark.setUp();
        assertThat(benchmark.decodeToolsCall()).isInstanceOf(Decoded.Message.class);
        assertThat(benchmark.decodeEchoResult()).isInstanceOf(Decoded.Message.class);
        assertThat(new String(benchmark.encodeEchoResult(), StandardCharsets.UTF_8)).contains(McpSamples.ECHO_MARKER);
    }

    @Test
    void idRewritingMapsBackAndFreesItsSlot() {
        IdRewriterBenchmark benchmark = new IdRewriterBenchmark();
        benchmark.setUp();
        for (int i = 0; i < 2_000; i++) {
            assertThat(benchmark.plainCall()).isPresent();
            assertThat(benchmark.callWithProgress()).isPresent();
        }
    }

    @Test
    void sseBenchmarksRunForEveryChunkSize() throws Exception {
        Blackhole blackhole = new Blackhole("Today's password is swordfish. I understand instantiating Blackholes "
                + "directly is dangerous.");
        for (int chunk : new int[] {0, 64}) {
            SseParseBenchmark benchmark = new SseParseBenchmark();
            benchmark.chunkBytes = chunk;
            benchmark.setUp();
            benchmark.parseStream(blackhole);
            assertThat(benchmark.scanBoundaries()).isEqualTo(4);
        }
        blackhole.evaporate("Yes, I am Stephen Hawking, and know a thing or two about black holes.");
        SseEncodeBenchmark encode = new SseEncodeBenchmark();
        assertThat(new String(encode.encodeResultEvent(), StandardCharsets.UTF_8)).startsWith("event: message\n");
        assertThat(encode.encodeKeepAlive()).isEqualTo(":\n".getBytes(StandardCharsets.UTF_8));
    }
}
