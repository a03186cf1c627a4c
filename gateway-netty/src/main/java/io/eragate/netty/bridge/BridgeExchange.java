package io.eragate.netty.bridge;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.eragate.core.bridge.ErrorMapper;
import io.eragate.core.bridge.IdRewriter;
import io.eragate.core.bridge.LegacyReplyReader;
import io.eragate.core.bridge.LogFilter;
import io.eragate.core.bridge.MappedError;
import io.eragate.core.bridge.ModernRequestTranslator;
import io.eragate.core.bridge.UpstreamExchange;
import io.eragate.core.frontdoor.Rejection;
import io.eragate.core.frontdoor.Rejections;
import io.eragate.core.jsonrpc.JsonRpcCodec;
import io.eragate.core.jsonrpc.JsonRpcError;
import io.eragate.core.jsonrpc.JsonRpcErrorCodes;
import io.eragate.core.jsonrpc.JsonRpcMessage;
import io.eragate.core.jsonrpc.JsonRpcNotification;
import io.eragate.core.jsonrpc.JsonRpcRequest;
import io.eragate.core.jsonrpc.JsonRpcResponse;
import io.eragate.core.mcp.MetaKeys;
import io.eragate.core.mcp.Methods;
import io.eragate.core.session.ReplayPolicy;
import io.eragate.core.session.SessionKey;
import io.eragate.core.session.UpstreamSession;
import io.eragate.core.sse.SseLimitExceededException;
import io.eragate.core.sse.SseParser;
import io.eragate.netty.server.ClientResponses;
import io.eragate.netty.upstream.BufferedUpstreamCall;
import io.eragate.netty.upstream.ClientExchange;
import io.eragate.netty.upstream.ForwardedRequest;
import io.eragate.netty.upstream.UpstreamCall;
import io.eragate.netty.upstream.UpstreamChannelPool;
import io.eragate.netty.upstream.UpstreamTarget;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import io.netty.buffer.CompositeByteBuf;
import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.http.HttpContent;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.CompletionException;
import java.util.concurrent.TimeoutException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One 2026-07-28 request served by a legacy upstream: a pooled session is acquired (one {@code initialize} for many
 * requests), the request goes up with its envelope stripped and its id and progress token rewritten, and the answer
 * comes back translated: progress and logs of this request on an SSE stream, the result stamped for the modern
 * client, errors mapped. An expired session is replaced and the request replayed once, since the upstream refused
 * it without running it. A client that leaves cancels the upstream call with {@code notifications/cancelled}.
 *
 * <p>Threading: every step runs on the client channel's event loop; futures completing elsewhere hop back to it.
 */
public final class BridgeExchange implements ClientExchange, UpstreamCall.Handler {
    private static final Logger log = LoggerFactory.getLogger(BridgeExchange.class);
    private static final int MAX_ERROR_BODY_BYTES = 64 * 1024;
    /** The largest JSON (not SSE) result the bridge buffers to translate; larger answers fail with 502. */
    private static final int MAX_JSON_RESULT_BYTES = 32 * 1024 * 1024;
    private static final int MAX_SSE_LINE_BYTES = 32 * 1024 * 1024;

    private enum Mode { SSE, JSON, ERROR }

    private final ChannelHandlerContext client;
    private final ForwardedRequest forwarded;
    private final JsonRpcRequest request;
    private final UpstreamTarget target;
    private final UpstreamChannelPool connections;
    private final LegacyBridge bridge;
    private final Duration responseTimeout;
    private final Runnable onComplete;
    private final ClientStream stream;
    private final LogFilter logFilter;

    private boolean done;
    private boolean replayed;
    private UpstreamSession session;
    private IdRewriter rewriter;
    private UpstreamExchange exchange;
    private UpstreamCall call;
    private Mode mode;
    private int upstreamStatus;
    private String upstreamContentType;
    private CompositeByteBuf buffered;
    private SseParser parser;

    /**
     * Prepares the exchange; {@link #start()} sends it.
     *
     * @param onComplete runs once when the client has its whole answer, or the exchange was cancelled
     */
    public BridgeExchange(ChannelHandlerContext client, ForwardedRequest forwarded, UpstreamTarget target,
            UpstreamChannelPool connections, LegacyBridge bridge, Duration responseTimeout, Runnable onComplete) {
        this.client = client;
        this.forwarded = forwarded;
        this.request = (JsonRpcRequest) forwarded.request().message();
        this.target = target;
        this.connections = connections;
        this.bridge = bridge;
        this.responseTimeout = responseTimeout;
        this.onComplete = onComplete;
        this.stream = new ClientStream(client, forwarded.keepAlive());
        this.logFilter = LogFilter.forRequest(request.params());
    }

    @Override
    public void start() {
        SessionKey key = bridge.keyFor(target.name(), SessionKey.ANONYMOUS, request);
        bridge.acquire(key, request).whenComplete((acquired, failure) -> client.executor().execute(() -> {
            if (done) {
                if (acquired != null) {
                    bridge.release(acquired);
                }
                return;
            }
            if (failure != null) {
                onSessionFailure(unwrap(failure));
            } else {
                onSession(acquired);
            }
        }));
    }

    private void onSession(UpstreamSession acquired) {
        session = acquired;
        if (Methods.SERVER_DISCOVER.equals(request.method())) {
            answer(200, JsonRpcCodec.encode(JsonRpcResponse.success(request.id(), bridge.discoverResult(session))));
            return;
        }
        rewriter = bridge.rewriter(session);
        Optional<UpstreamExchange> begun = rewriter.tryBegin(request.id(),
                ModernRequestTranslator.clientProgressToken(request));
        if (begun.isEmpty()) {
            reject(Rejections.upstreamBusy(request.id(), "upstream " + target.name() + " session already carries "
                    + rewriter.maxInFlight() + " requests (bridge.maxInFlightPerSession)"));
            return;
        }
        exchange = begun.get();
        JsonRpcRequest legacy = ModernRequestTranslator.toLegacy(request, exchange);
        call = UpstreamCall.start(connections, target,
                LegacyRequests.post(target, legacy, session.sessionId(), session.negotiatedVersion()),
                responseTimeout, this);
    }

    private void onSessionFailure(Throwable failure) {
        if (failure instanceof SessionOpenException open) {
            if (open.modernAnswer()) {
                bridge.contradicted(target, open.getMessage());
            }
            reject(Rejections.upstreamInvalidResponse(request.id(), target.name(), open.suggestedStatus(),
                    open.getMessage()));
        } else if (failure instanceof TimeoutException) {
            reject(Rejections.upstreamTimeout(request.id(), target.name(), responseTimeout));
        } else {
            reject(Rejections.upstreamUnreachable(request.id(), target.name(), describe(failure)));
        }
    }

    @Override
    public void onHead(HttpResponse head) {
        upstreamStatus = head.status().code();
        upstreamContentType = head.headers().get(HttpHeaderNames.CONTENT_TYPE, "");
        String type = upstreamContentType.toLowerCase(Locale.ROOT);
        boolean success = upstreamStatus / 100 == 2;
        if (success && type.startsWith("text/event-stream")) {
            mode = Mode.SSE;
            parser = new SseParser(MAX_SSE_LINE_BYTES, MAX_SSE_LINE_BYTES);
        } else if (success && type.startsWith("application/json")) {
            mode = Mode.JSON;
            buffered = client.alloc().compositeBuffer();
        } else {
            mode = Mode.ERROR;
            buffered = client.alloc().compositeBuffer();
        }
    }

    @Override
    public void onContent(HttpContent content, boolean last) {
        try {
            if (done) {
                return;
            }
            switch (mode) {
                case SSE -> feedEvents(content.content());
                case JSON -> bufferUpTo(content.content(), MAX_JSON_RESULT_BYTES);
                case ERROR -> bufferUpTo(content.content(), MAX_ERROR_BODY_BYTES);
                default -> {
                }
            }
        } finally {
            content.release();
        }
        if (last && !done) {
            onUpstreamEnd();
        }
    }

    private void feedEvents(ByteBuf bytes) {
        byte[] chunk = ByteBufUtil.getBytes(bytes);
        try {
            parser.feed(chunk, 0, chunk.length, event -> {
                if (!done && !event.data().isEmpty()) {
                    onMessageBytes(event.data().getBytes(StandardCharsets.UTF_8));
                }
            });
        } catch (SseLimitExceededException e) {
            failMidAnswer("upstream SSE event too large: " + e.getMessage());
        }
    }

    private void bufferUpTo(ByteBuf bytes, int limit) {
        if (buffered.readableBytes() + bytes.readableBytes() > limit) {
            if (mode == Mode.JSON) {
                failMidAnswer("upstream JSON answer larger than " + limit + " bytes");
                return;
            }
            bytes = bytes.slice(bytes.readerIndex(), Math.max(0, limit - buffered.readableBytes()));
        }
        buffered.addComponent(true, bytes.retainedSlice());
    }

    private void onUpstreamEnd() {
        switch (mode) {
            case SSE -> failMidAnswer("upstream ended its SSE stream without a response");
            case JSON -> {
                byte[] body = drainBuffer();
                LegacyReplyReader.messages(upstreamContentType, body).forEach(this::onMessage);
                if (!done) {
                    failMidAnswer("upstream JSON answer held no response to the request");
                }
            }
            case ERROR -> onErrorAnswer(drainBuffer());
            default -> {
            }
        }
    }

    private void onMessageBytes(byte[] json) {
        LegacyReplyReader.messages("application/json", json).forEach(this::onMessage);
    }

    private void onMessage(JsonRpcMessage message) {
        if (done) {
            return;
        }
        if (message instanceof JsonRpcResponse response) {
            if (exchange.upstreamId().equals(response.id())) {
                onFinalResponse(response);
            }
        } else if (message instanceof JsonRpcNotification notification) {
            onNotification(notification);
        } else if (message instanceof JsonRpcRequest serverRequest) {
            answerServerRequest(serverRequest);
        }
    }

    private void onNotification(JsonRpcNotification notification) {
        bridge.notificationOnRequestStream(session, notification);
        if (Methods.NOTIFICATION_PROGRESS.equals(notification.method()) && notification.params() != null) {
            // Only this request's own token: the session's other requests have clients of their own, and progress
            // an upstream sends on the wrong stream must not reach them here.
            if (isOwnProgress(notification.params())) {
                rewriter.progressForClient(notification.params()).ifPresent(params -> stream.event(
                        JsonRpcCodec.encode(new JsonRpcNotification(notification.method(), params))));
            }
        } else if (Methods.NOTIFICATION_MESSAGE.equals(notification.method()) && notification.params() != null
                && logFilter.accepts(notification.params())) {
            stream.event(JsonRpcCodec.encode(notification));
        }
    }

    private boolean isOwnProgress(ObjectNode params) {
        JsonNode token = params.get(MetaKeys.PROGRESS_TOKEN);
        return exchange.upstreamProgressToken() != null && exchange.upstreamProgressToken().equals(token);
    }

    private void onFinalResponse(JsonRpcResponse response) {
        if (response.isError()) {
            MappedError mapped = ErrorMapper.map(response.error(), request.method(), request.params());
            answer(mapped.httpStatus(), JsonRpcCodec.encodeError(request.id(), mapped.error()));
            return;
        }
        JsonNode result = response.result();
        if (!result.isObject()) {
            answer(502, Rejections.upstreamInvalidResponse(request.id(), target.name(), upstreamStatus,
                    "result is not an object").body());
            return;
        }
        ObjectNode stamped = bridge.stamper().stamp(request.method(), (ObjectNode) result, session.initializeResult());
        answer(200, JsonRpcCodec.encode(JsonRpcResponse.success(request.id(), stamped)));
    }

    /**
     * A modern client cannot be asked anything mid-request; the upstream gets an answer that lets its call go on:
     * {@code ping} is answered, roots are none, an elicitation is declined, and anything else is refused.
     */
    private void answerServerRequest(JsonRpcRequest serverRequest) {
        JsonRpcResponse reply = switch (serverRequest.method()) {
            case Methods.PING -> JsonRpcResponse.success(serverRequest.id(), JsonNodeFactory.instance.objectNode());
            case Methods.ROOTS_LIST -> JsonRpcResponse.success(serverRequest.id(),
                    JsonNodeFactory.instance.objectNode().set("roots", JsonNodeFactory.instance.arrayNode()));
            case Methods.ELICITATION_CREATE -> JsonRpcResponse.success(serverRequest.id(),
                    JsonNodeFactory.instance.objectNode().put("action", "decline"));
            default -> JsonRpcResponse.failure(serverRequest.id(), JsonRpcError.of(
                    JsonRpcErrorCodes.METHOD_NOT_FOUND, "the client of this request cannot answer "
                            + serverRequest.method()));
        };
        BufferedUpstreamCall.send(connections, target, LegacyRequests.post(target, reply, session.sessionId(),
                session.negotiatedVersion()), responseTimeout, MAX_ERROR_BODY_BYTES);
    }

    private void onErrorAnswer(byte[] body) {
        boolean sentSession = session.sessionId() != null;
        if (ReplayPolicy.decide(upstreamStatus, body, sentSession, replayed)
                == ReplayPolicy.Decision.SESSION_EXPIRED_REPLAY_ONCE) {
            log.info("[{}] upstream {} lost session {}; opening a new one and sending the request again",
                    client.channel().id(), target.name(), session.sessionId());
            bridge.invalidate(session, "HTTP " + upstreamStatus + " for a request carrying the session");
            releaseExchange();
            // The replay acquires a session of its own; this one is given back now (per-call closes it).
            bridge.release(session);
            session = null;
            replayed = true;
            call = null;
            mode = null;
            start();
            return;
        }
        Optional<JsonRpcResponse> ours = LegacyReplyReader.responseTo(exchange.upstreamId(), upstreamContentType,
                body);
        if (ours.isPresent() && ours.get().isError()) {
            onFinalResponse(ours.get());
            return;
        }
        MappedError mapped = ErrorMapper.fromNonJsonRpcBody(upstreamStatus, upstreamContentType, body);
        answer(mapped.httpStatus(), JsonRpcCodec.encodeError(request.id(), mapped.error()));
    }

    @Override
    public void onFailure(Throwable cause, boolean beforeHead) {
        if (done) {
            return;
        }
        if (beforeHead && cause instanceof TimeoutException) {
            reject(Rejections.upstreamTimeout(request.id(), target.name(), responseTimeout));
        } else if (beforeHead) {
            reject(Rejections.upstreamUnreachable(request.id(), target.name(), describe(cause)));
        } else {
            failMidAnswer("upstream connection lost: " + describe(cause));
        }
    }

    @Override
    public void cancel() {
        if (done) {
            return;
        }
        log.debug("[{}] client left; cancelling upstream request on {}", client.channel().id(), target.name());
        if (call != null && !call.isDone() && exchange != null) {
            UpstreamCall inFlight = call;
            JsonRpcNotification cancelled = ModernRequestTranslator.cancellation(exchange, "client disconnected");
            // Cancel first and close the answer only once the upstream has taken the cancellation: a server may
            // drop a request whose response stream closed, and would then have nothing left to cancel. Until
            // then the rest of the answer is read and discarded.
            inFlight.resumeReading();
            BufferedUpstreamCall.send(connections, target, LegacyRequests.post(target, cancelled,
                            session.sessionId(), session.negotiatedVersion()), responseTimeout, MAX_ERROR_BODY_BYTES)
                    .whenComplete((reply, failure) -> client.executor().execute(inFlight::abort));
        }
        end();
    }

    @Override
    public void onClientWritable() {
        if (call != null) {
            call.resumeReading();
        }
    }

    private void failMidAnswer(String why) {
        if (call != null) {
            call.abort();
        }
        if (stream.isStreaming()) {
            log.info("[{}] {}; ending the client's stream", client.channel().id(), why);
            stream.abortStream();
            end();
        } else {
            reject(Rejections.upstreamInvalidResponse(request.id(), target.name(), upstreamStatus, why));
        }
    }

    private void answer(int status, byte[] json) {
        stream.finish(status, json);
        end();
    }

    private void reject(Rejection rejection) {
        if (stream.isStreaming()) {
            stream.abortStream();
        } else {
            ClientResponses.writeRejection(client, rejection, forwarded.keepAlive());
        }
        end();
    }

    private void end() {
        if (done) {
            return;
        }
        done = true;
        releaseExchange();
        drainBuffer();
        if (session != null) {
            bridge.release(session);
        }
        onComplete.run();
    }

    private void releaseExchange() {
        if (exchange != null && rewriter != null) {
            rewriter.release(exchange);
            exchange = null;
            bridge.exchangeEnded(session);
        }
    }

    private byte[] drainBuffer() {
        if (buffered == null) {
            return new byte[0];
        }
        byte[] bytes = ByteBufUtil.getBytes(buffered);
        buffered.release();
        buffered = null;
        return bytes;
    }

    private static Throwable unwrap(Throwable failure) {
        return failure instanceof CompletionException && failure.getCause() != null ? failure.getCause() : failure;
    }

    private static String describe(Throwable cause) {
        Throwable unwrapped = unwrap(cause);
        return unwrapped.getMessage() == null ? unwrapped.getClass().getSimpleName() : unwrapped.getMessage();
    }
}
