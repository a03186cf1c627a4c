package io.eragate.netty.bridge;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.eragate.core.bridge.IdRewriter;
import io.eragate.core.exchange.FailureKind;
import io.eragate.core.exchange.UpstreamFailure;
import io.eragate.core.jsonrpc.JsonRpcId;
import io.eragate.core.jsonrpc.JsonRpcMessage;
import io.eragate.core.jsonrpc.JsonRpcRequest;
import io.eragate.core.jsonrpc.JsonRpcResponse;
import io.eragate.core.mcp.McpHeaders;
import io.eragate.core.session.SessionKey;
import io.eragate.core.session.UpstreamSession;
import io.eragate.netty.upstream.LoopbackUpstream;
import io.eragate.netty.upstream.UpstreamPoolSettings;
import io.netty.buffer.ByteBufAllocator;
import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.http.DefaultFullHttpResponse;
import io.netty.handler.codec.http.DefaultHttpResponse;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaderValues;
import io.netty.handler.codec.http.HttpResponse;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpVersion;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * A bridged request in flight on a legacy upstream session, against a loopback HTTP server standing for the legacy
 * upstream: what goes up, how the answer is read, what is said beside it, and the session slot it holds.
 */
class SessionCallTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final UpstreamSession SESSION = new UpstreamSession(
            new SessionKey("t", SessionKey.ANONYMOUS, "", "2025-11-25"), "s-1", "2025-11-25",
            JsonNodeFactory.instance.objectNode(), Instant.EPOCH);

    /** Every request the upstream received: its session header, then its body. */
    private final BlockingQueue<List<String>> received = new LinkedBlockingQueue<>();
    /** Whether the upstream answers calls (with their response) or only opens an SSE stream and stays silent. */
    private volatile boolean answerCalls = true;
    private final AtomicInteger exchangesEnded = new AtomicInteger();
    private final RecordingReader reader = new RecordingReader();
    private LoopbackUpstream upstream;
    private IdRewriter rewriter;
    private SessionCall call;

    @BeforeEach
    void start() throws InterruptedException {
        upstream = LoopbackUpstream.start(LoopbackUpstream.http(this::serve),
                new UpstreamPoolSettings(4, 4, Duration.ofSeconds(2), Duration.ofSeconds(30)));
        rewriter = new IdRewriter(1, 1);
        call = new SessionCall(upstream.pool().eventLoop(), upstream.target(), upstream.pool(), Duration.ofSeconds(10),
                SESSION, rewriter, exchangesEnded::incrementAndGet, ByteBufAllocator.DEFAULT, reader);
        reader.call = call;
    }

    @AfterEach
    void stop() throws Exception {
        upstream.onLoop(() -> {
            call.release();
            return null;
        });
        upstream.close();
    }

    private void serve(ChannelHandlerContext ctx, FullHttpRequest request) {
        String body = request.content().toString(StandardCharsets.UTF_8);
        received.add(List.of(String.valueOf(request.headers().get(McpHeaders.SESSION_ID)), body));
        JsonNode message = readTree(body);
        if (!message.has("id")) {
            FullHttpResponse accepted = new DefaultFullHttpResponse(HttpVersion.HTTP_1_1,
                    HttpResponseStatus.ACCEPTED, Unpooled.EMPTY_BUFFER);
            accepted.headers().setInt(HttpHeaderNames.CONTENT_LENGTH, 0);
            ctx.writeAndFlush(accepted);
            return;
        }
        if (!answerCalls) {
            HttpResponse head = new DefaultHttpResponse(HttpVersion.HTTP_1_1, HttpResponseStatus.OK);
            head.headers().set(HttpHeaderNames.CONTENT_TYPE, "text/event-stream")
                    .set(HttpHeaderNames.TRANSFER_ENCODING, HttpHeaderValues.CHUNKED);
            ctx.writeAndFlush(head);
            return;
        }
        byte[] answer = ("{\"jsonrpc\":\"2.0\",\"id\":" + message.get("id") + ",\"result\":{\"ok\":true}}")
                .getBytes(StandardCharsets.UTF_8);
        FullHttpResponse response = new DefaultFullHttpResponse(HttpVersion.HTTP_1_1, HttpResponseStatus.OK,
                Unpooled.wrappedBuffer(answer));
        response.headers().set(HttpHeaderNames.CONTENT_TYPE, "application/json")
                .setInt(HttpHeaderNames.CONTENT_LENGTH, answer.length);
        ctx.writeAndFlush(response);
    }

    private static JsonNode readTree(String body) {
        try {
            return JSON.readTree(body);
        } catch (java.io.IOException e) {
            throw new IllegalStateException(e);
        }
    }

    private static JsonRpcRequest toolsCall(long clientId) {
        ObjectNode params = JsonNodeFactory.instance.objectNode().put("name", "echo");
        return new JsonRpcRequest(JsonRpcId.of(clientId), "tools/call", params);
    }

    @Test
    void theRequestGoesUpOnItsSessionUnderARewrittenIdAndItsAnswerIsReadIntoTheResponse() throws Exception {
        Optional<UpstreamFailure> refused = upstream.onLoop(() -> call.send(toolsCall(7)));

        assertThat(refused).isEmpty();
        List<String> sent = received.poll(10, TimeUnit.SECONDS);
        assertThat(sent).isNotNull();
        assertThat(sent.get(0)).as("the session's id goes with the request").isEqualTo("s-1");
        JsonNode upstreamRequest = readTree(sent.get(1));
        assertThat(upstreamRequest.path("method").asText()).isEqualTo("tools/call");
        assertThat(upstreamRequest.get("id")).as("the client's id is rewritten for the session")
                .isNotEqualTo(JsonRpcId.of(7).node());
        JsonRpcResponse response = reader.response.get(10, TimeUnit.SECONDS);
        assertThat(response.id().node()).isEqualTo(upstreamRequest.get("id"));
        assertThat(response.result().path("ok").asBoolean()).isTrue();
        assertThat(upstream.onLoop(() -> call.isAnswer(response))).isTrue();
        assertThat(upstream.onLoop(call::status)).isEqualTo(200);
    }

    @Test
    void aSessionThatCarriesAsManyRequestsAsItMayRefusesTheNextWithNothingSent() throws Exception {
        SessionCall second = new SessionCall(upstream.pool().eventLoop(), upstream.target(), upstream.pool(),
                Duration.ofSeconds(10), SESSION, rewriter, exchangesEnded::incrementAndGet, ByteBufAllocator.DEFAULT,
                new RecordingReader());
        assertThat(upstream.onLoop(() -> call.send(toolsCall(1)))).isEmpty();
        assertThat(received.poll(10, TimeUnit.SECONDS)).isNotNull();

        Optional<UpstreamFailure> refused = upstream.onLoop(() -> second.send(toolsCall(2)));

        assertThat(refused).isPresent();
        assertThat(refused.get().kind()).isEqualTo(FailureKind.BUSY);
        assertThat(refused.get().detail()).contains("bridge.maxInFlightPerSession");
        assertThat(received.poll(200, TimeUnit.MILLISECONDS)).as("nothing more reached the upstream").isNull();
        assertThat(rewriter.inFlight()).isEqualTo(1);
    }

    @Test
    void releasingGivesTheSlotBackOnce() throws Exception {
        assertThat(upstream.onLoop(() -> call.send(toolsCall(1)))).isEmpty();
        reader.response.get(10, TimeUnit.SECONDS);

        upstream.onLoop(() -> {
            call.release();
            call.release();
            return null;
        });

        assertThat(rewriter.inFlight()).isZero();
        assertThat(exchangesEnded.get()).isEqualTo(1);
        assertThat(upstream.onLoop(call::exchange)).isNull();
    }

    @Test
    void cancellingTellsTheSessionWhichRequestToStopUnderItsUpstreamId() throws Exception {
        answerCalls = false;
        assertThat(upstream.onLoop(() -> call.send(toolsCall(3)))).isEmpty();
        JsonNode upstreamRequest = readTree(received.poll(10, TimeUnit.SECONDS).get(1));
        reader.head.get(10, TimeUnit.SECONDS);

        CompletableFuture<?> cancelled = upstream.onLoop(() -> call.cancel("client disconnected"));
        cancelled.get(10, TimeUnit.SECONDS);

        List<String> cancellation = received.poll(10, TimeUnit.SECONDS);
        assertThat(cancellation.get(0)).isEqualTo("s-1");
        JsonNode notification = readTree(cancellation.get(1));
        assertThat(notification.path("method").asText()).isEqualTo("notifications/cancelled");
        assertThat(notification.path("params").get("requestId")).isEqualTo(upstreamRequest.get("id"));
        assertThat(notification.path("params").path("reason").asText()).isEqualTo("client disconnected");
    }

    @Test
    void aConnectionLostAfterTheRequestWentUpIsCancelledOnTheSession() throws Exception {
        answerCalls = false;
        assertThat(upstream.onLoop(() -> call.send(toolsCall(4)))).isEmpty();
        JsonNode upstreamRequest = readTree(received.poll(10, TimeUnit.SECONDS).get(1));
        reader.head.get(10, TimeUnit.SECONDS);

        UpstreamFailure failure = upstream.onLoop(() -> call.failure(new java.io.IOException("reset"), false));

        assertThat(failure.kind()).isEqualTo(FailureKind.CONNECTION_LOST);
        JsonNode notification = readTree(received.poll(10, TimeUnit.SECONDS).get(1));
        assertThat(notification.path("method").asText()).isEqualTo("notifications/cancelled");
        assertThat(notification.path("params").get("requestId")).isEqualTo(upstreamRequest.get("id"));
    }

    /** A reader that takes the first response as the end of the exchange, like the bridged exchange does. */
    private static final class RecordingReader implements SessionCall.Reader {
        final CompletableFuture<Void> head = new CompletableFuture<>();
        final CompletableFuture<JsonRpcResponse> response = new CompletableFuture<>();
        final List<String> malformed = new CopyOnWriteArrayList<>();
        SessionCall call;

        @Override
        public void onHead() {
            head.complete(null);
        }

        @Override
        public void onTraffic() {
        }

        @Override
        public boolean isDone() {
            return response.isDone();
        }

        @Override
        public void onMessage(JsonRpcMessage message) {
            if (message instanceof JsonRpcResponse answer) {
                response.complete(answer);
            }
        }

        @Override
        public void failMidAnswer(String why) {
            malformed.add(why);
        }

        @Override
        public void onAnswerEnd() {
            call.readEnd();
        }

        @Override
        public void onErrorAnswer(byte[] body) {
            malformed.add("HTTP error");
        }

        @Override
        public void onFailure(Throwable cause, boolean beforeHead) {
            malformed.add(String.valueOf(cause));
        }
    }
}
