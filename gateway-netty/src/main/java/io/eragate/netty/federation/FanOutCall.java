package io.eragate.netty.federation;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.eragate.core.jsonrpc.JsonRpcCodec;
import io.eragate.core.route.UpstreamAnswer;
import io.eragate.core.sse.SseEvent;
import io.eragate.core.sse.SseLimitExceededException;
import io.eragate.core.sse.SseParser;
import io.eragate.netty.upstream.BufferedUpstreamCall;
import io.eragate.netty.upstream.ForwardedRequest;
import io.eragate.netty.upstream.UpstreamChannelPool;
import io.eragate.netty.upstream.UpstreamReply;
import io.eragate.netty.upstream.UpstreamTarget;
import io.netty.handler.codec.http.FullHttpRequest;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicReference;

/**
 * One request of a fan-out to one upstream, through the gateway's internal endpoint, with the route's per-upstream
 * deadline. The future always completes normally: with the upstream's result, or with why it is left out. The answer
 * is read whole (lists and discovery are small, and bounded); an SSE answer yields its final JSON-RPC response.
 */
final class FanOutCall {

    private static final int MAX_SSE_LINE = 1024 * 1024;

    private FanOutCall() {
    }

    /** Sends {@code request} for {@code upstream} on {@code pool}. */
    static CompletableFuture<UpstreamAnswer> send(UpstreamChannelPool pool, InternalEndpoint endpoint,
            String upstream, ForwardedRequest request, Duration timeout, int maxBytes) {
        UpstreamTarget target = endpoint.target();
        if (target == null) {
            return CompletableFuture.completedFuture(unavailable(upstream, UpstreamAnswer.Reason.UNREACHABLE));
        }
        String handle = endpoint.lend(request.principal());
        FullHttpRequest http = internalRequest(endpoint, upstream, request, handle);
        return BufferedUpstreamCall.send(pool, target, http, timeout, maxBytes)
                .handle((reply, failure) -> {
                    endpoint.giveBack(handle);
                    return failure == null ? read(upstream, reply)
                            : unavailable(upstream, isTimeout(failure) ? UpstreamAnswer.Reason.TIMEOUT
                                    : UpstreamAnswer.Reason.UNREACHABLE);
                });
    }

    /**
     * The HTTP request that asks the internal endpoint to serve {@code request} from {@code upstream}, for the
     * principal lent under {@code handle}.
     */
    static FullHttpRequest internalRequest(InternalEndpoint endpoint, String upstream, ForwardedRequest request,
            String handle) {
        FullHttpRequest http = endpoint.post(upstream, handle, request.request().originalBody(),
                request.request().protocolVersion());
        for (Map.Entry<String, String> passed : request.passedHeaders()) {
            http.headers().add(passed.getKey(), passed.getValue());
        }
        if (request.clientAddress() != null) {
            http.headers().set("X-Forwarded-For", request.clientAddress());
        }
        return http;
    }

    static boolean isTimeout(Throwable failure) {
        Throwable cause = failure;
        while (cause != null) {
            if (cause instanceof TimeoutException) {
                return true;
            }
            cause = cause.getCause();
        }
        return false;
    }

    private static UpstreamAnswer unavailable(String upstream, UpstreamAnswer.Reason reason) {
        return new UpstreamAnswer.Unavailable(upstream, reason);
    }

    /** The answer in a reply: its JSON-RPC result, or why it is unavailable. */
    static UpstreamAnswer read(String upstream, UpstreamReply reply) {
        if (reply.status() != 200) {
            return unavailable(upstream, reply.status() == 504 ? UpstreamAnswer.Reason.TIMEOUT
                    : reply.status() == 502 ? UpstreamAnswer.Reason.UNREACHABLE : UpstreamAnswer.Reason.REFUSED);
        }
        JsonNode message = reply.isEventStream() ? lastResponse(reply.body()) : parse(reply.body());
        JsonNode result = message == null ? null : message.get("result");
        if (result == null || !result.isObject()) {
            return unavailable(upstream, UpstreamAnswer.Reason.REFUSED);
        }
        return new UpstreamAnswer.Answered(upstream, (ObjectNode) result);
    }

    private static JsonNode lastResponse(byte[] body) {
        SseParser parser = new SseParser(MAX_SSE_LINE, body.length + 1);
        AtomicReference<JsonNode> last = new AtomicReference<>();
        try {
            parser.feed(body, 0, body.length, (SseEvent event) -> {
                JsonNode message = parse(event.data().getBytes(StandardCharsets.UTF_8));
                if (message != null && (message.has("result") || message.has("error"))) {
                    last.set(message);
                }
            });
        } catch (SseLimitExceededException e) {
            return null;
        }
        return last.get();
    }

    private static JsonNode parse(byte[] json) {
        try {
            return JsonRpcCodec.readTree(json);
        } catch (IOException e) {
            return null;
        }
    }
}
