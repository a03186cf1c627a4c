package io.eragate.bench.jmh;

import io.eragate.bench.McpSamples;
import io.eragate.netty.upstream.PassThroughRequestBytes;
import io.eragate.netty.upstream.TrustedHeaders;
import io.eragate.netty.upstream.UpstreamTarget;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.buffer.Unpooled;
import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.handler.codec.http.DefaultHttpHeaders;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaderValues;
import io.netty.handler.codec.http.HttpHeaders;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpRequestEncoder;
import java.net.URI;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

/**
 * The pass-through's upstream request for a {@code tools/call}, from its parts to bytes ready for the socket: as a
 * request object with a header map encoded by Netty's HTTP encoder (how it was sent before, and still is to an
 * upstream with credentials of the gateway's own), and as bytes written straight into one buffer
 * ({@link PassThroughRequestBytes}). Both pass through an {@link EmbeddedChannel}, one with the encoder and one
 * without, so that the difference is the encoding alone.
 *
 * <p>Not final: JMH generates subclasses of {@code @State} classes.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class UpstreamRequestEncodingBenchmark {
    private static final UpstreamTarget TARGET = UpstreamTarget.of("up", URI.create("http://127.0.0.1:8081/mcp"));

    private final EmbeddedChannel withEncoder = new EmbeddedChannel(new HttpRequestEncoder());
    private final EmbeddedChannel bare = new EmbeddedChannel();
    private byte[] body;
    private HttpHeaders passed;
    private Map<String, String> mcpHeaders;

    /** The sample body and the headers a pass-through sends with it. */
    @Setup
    public void setUp() {
        body = McpSamples.toolsCallBody();
        passed = new DefaultHttpHeaders(false).add(HttpHeaderNames.USER_AGENT, "bench/1.0");
        mcpHeaders = new LinkedHashMap<>();
        mcpHeaders.put("MCP-Protocol-Version", "2026-07-28");
        mcpHeaders.put("Mcp-Method", "tools/call");
        mcpHeaders.put("Mcp-Name", McpSamples.TOOL);
    }

    /** Releases what the channels still hold. */
    @TearDown
    public void tearDown() {
        withEncoder.finishAndReleaseAll();
        bare.finishAndReleaseAll();
    }

    /** A header map and Netty's encoder (the request object the pass-through built before). */
    @Benchmark
    public int objectAndEncoder() {
        FullHttpRequest request = TrustedHeaders.request(HttpMethod.POST, TARGET.pathAndQuery(),
                Unpooled.wrappedBuffer(body));
        request.headers().add(passed);
        request.headers()
                .set(HttpHeaderNames.HOST, TARGET.hostHeader())
                .set(HttpHeaderNames.CONTENT_TYPE, HttpHeaderValues.APPLICATION_JSON)
                .set(HttpHeaderNames.ACCEPT, "application/json, text/event-stream")
                .setInt(HttpHeaderNames.CONTENT_LENGTH, body.length);
        for (Map.Entry<String, String> header : mcpHeaders.entrySet()) {
            request.headers().set(header.getKey(), header.getValue());
        }
        TrustedHeaders.addForwarded(request.headers(), "127.0.0.1", "gateway:8080");
        withEncoder.writeOutbound(request);
        return drain(withEncoder);
    }

    /** Straight to bytes, head and body in one buffer. */
    @Benchmark
    public int bytes() {
        bare.writeOutbound(PassThroughRequestBytes.encode(ByteBufAllocator.DEFAULT, TARGET, passed, mcpHeaders,
                "127.0.0.1", "gateway:8080", body));
        return drain(bare);
    }

    private static int drain(EmbeddedChannel channel) {
        int bytes = 0;
        ByteBuf written;
        while ((written = channel.readOutbound()) != null) {
            bytes += written.readableBytes();
            written.release();
        }
        return bytes;
    }
}
