package io.eragate.netty.legacysse;

import io.eragate.core.jsonrpc.JsonRpcCodec;
import io.eragate.core.jsonrpc.JsonRpcId;
import io.eragate.core.jsonrpc.JsonRpcRequest;
import io.eragate.core.legacysse.HttpSseFallback;
import io.eragate.core.mcp.Methods;
import io.eragate.core.sse.SseEvent;
import io.eragate.core.sse.SseLimitExceededException;
import io.eragate.core.sse.SseParser;
import io.eragate.core.stdio.SharedProcessClient;
import io.eragate.netty.upstream.BufferedUpstreamCall;
import io.eragate.netty.upstream.UpstreamCall;
import io.eragate.netty.upstream.UpstreamChannelPool;
import io.eragate.netty.upstream.UpstreamReply;
import io.eragate.netty.upstream.UpstreamTarget;
import io.netty.buffer.ByteBufUtil;
import io.netty.handler.codec.http.HttpContent;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpResponse;
import java.time.Duration;
import java.util.Locale;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Finds out whether a legacy HTTP upstream speaks 2024-11-05 HTTP+SSE (spec digest §5.2 step 4): a 2025
 * {@code initialize} POST refused with 400, 404 or 405 and no modern error, then a GET whose event stream starts with
 * an {@code endpoint} event of the same origin. A 2025 server that accepts the {@code initialize} gets its session
 * closed again with a DELETE.
 */
final class HttpSseDetector {
    private static final Logger log = LoggerFactory.getLogger(HttpSseDetector.class);
    private static final int MAX_REPLY_BYTES = 256 * 1024;
    private static final int MAX_EVENT_BYTES = 64 * 1024;

    private final SharedProcessClient client;
    private final Duration timeout;

    HttpSseDetector(SharedProcessClient client, Duration timeout) {
        this.client = client;
        this.timeout = timeout;
    }

    /** Completes with whether {@code target} is an HTTP+SSE server, or fails when it could not be reached. */
    CompletableFuture<Boolean> detect(UpstreamChannelPool pool, UpstreamTarget target) {
        JsonRpcRequest initialize = new JsonRpcRequest(JsonRpcId.of("eragate-transport-probe"), Methods.INITIALIZE,
                client.initializeParams());
        return BufferedUpstreamCall.send(pool, target, HttpSseRequests.post(target, JsonRpcCodec.encode(initialize)),
                timeout, MAX_REPLY_BYTES).thenCompose(reply -> {
                    if (HttpSseFallback.initializeRefused(reply.status(), reply.body())) {
                        return opensWithEndpoint(pool, target);
                    }
                    closeSession(pool, target, reply);
                    return CompletableFuture.completedFuture(false);
                }).whenComplete((sse, failure) -> log.info("Transport of legacy upstream {}: {}", target.name(),
                        failure != null ? "unknown (" + failure + ")"
                                : sse ? "2024-11-05 HTTP+SSE" : "2025 Streamable HTTP"));
    }

    private static void closeSession(UpstreamChannelPool pool, UpstreamTarget target, UpstreamReply reply) {
        if (reply.status() / 100 == 2 && reply.sessionId() != null) {
            BufferedUpstreamCall.send(pool, target, HttpSseRequests.delete(target, reply.sessionId()),
                    Duration.ofSeconds(5), MAX_REPLY_BYTES);
        }
    }

    /** Whether a GET of the URL opens an event stream whose first event is an usable {@code endpoint}. */
    private CompletableFuture<Boolean> opensWithEndpoint(UpstreamChannelPool pool, UpstreamTarget target) {
        CompletableFuture<Boolean> answer = new CompletableFuture<>();
        pool.eventLoop().execute(() -> {
            FirstEvent first = new FirstEvent(target, answer);
            first.call = UpstreamCall.start(pool, target, HttpSseRequests.openStream(target), timeout, first);
            pool.eventLoop().schedule(() -> first.decide(false), timeout.toMillis(), TimeUnit.MILLISECONDS);
        });
        return answer;
    }

    /** Reads a stream up to its first event, then closes it. */
    private static final class FirstEvent implements UpstreamCall.Handler {
        private final UpstreamTarget target;
        private final CompletableFuture<Boolean> answer;
        private final SseParser parser = new SseParser(MAX_EVENT_BYTES, MAX_EVENT_BYTES);
        UpstreamCall call;

        FirstEvent(UpstreamTarget target, CompletableFuture<Boolean> answer) {
            this.target = target;
            this.answer = answer;
        }

        @Override
        public void onHead(HttpResponse head) {
            String type = head.headers().get(HttpHeaderNames.CONTENT_TYPE, "").toLowerCase(Locale.ROOT);
            if (head.status().code() != 200 || !type.startsWith("text/event-stream")) {
                decide(false);
            }
        }

        @Override
        public void onContent(HttpContent content, boolean last) {
            try {
                if (!answer.isDone()) {
                    byte[] bytes = ByteBufUtil.getBytes(content.content());
                    parser.feed(bytes, 0, bytes.length, this::onEvent);
                }
            } catch (SseLimitExceededException e) {
                decide(false);
            } finally {
                content.release();
            }
            if (last) {
                decide(false);
            }
        }

        private void onEvent(SseEvent event) {
            decide(HttpSseFallback.ENDPOINT_EVENT.equals(event.type())
                    && HttpSseFallback.endpoint(target.url(), event.data()).isPresent());
        }

        @Override
        public void onFailure(Throwable cause, boolean beforeHead) {
            decide(false);
        }

        void decide(boolean sse) {
            if (answer.complete(sse) && call != null) {
                // The probe's session is not used: its stream is closed, and the server forgets it.
                call.abort();
            }
        }
    }
}
