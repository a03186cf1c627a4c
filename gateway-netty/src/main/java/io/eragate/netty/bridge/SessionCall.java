package io.eragate.netty.bridge;

import io.eragate.core.bridge.ErrorMapper;
import io.eragate.core.bridge.IdRewriter;
import io.eragate.core.bridge.LegacyReplyReader;
import io.eragate.core.bridge.MappedError;
import io.eragate.core.bridge.ModernRequestTranslator;
import io.eragate.core.bridge.UpstreamExchange;
import io.eragate.core.exchange.FailureKind;
import io.eragate.core.exchange.UpstreamFailure;
import io.eragate.core.jsonrpc.JsonRpcMessage;
import io.eragate.core.jsonrpc.JsonRpcRequest;
import io.eragate.core.jsonrpc.JsonRpcResponse;
import io.eragate.core.session.UpstreamSession;
import io.eragate.netty.upstream.BufferedUpstreamCall;
import io.eragate.netty.upstream.UpstreamCall;
import io.eragate.netty.upstream.UpstreamChannelPool;
import io.eragate.netty.upstream.UpstreamReply;
import io.eragate.netty.upstream.UpstreamFailures;
import io.eragate.netty.upstream.UpstreamTarget;
import io.netty.buffer.ByteBufAllocator;
import io.netty.handler.codec.http.HttpContent;
import io.netty.handler.codec.http.HttpResponse;
import io.netty.util.concurrent.EventExecutor;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;

/**
 * One bridged request in flight on a legacy upstream session: it takes a slot of the session's id rewriter, goes up
 * translated, and its answer is read into JSON-RPC messages for the exchange; beside it go the answers to the
 * upstream's questions and its cancellation. What the messages mean is the exchange's ({@link Reader}).
 *
 * <p>Threading: every method runs on {@code home}, the client channel's event loop.
 */
final class SessionCall implements UpstreamCall.Handler {
    private static final int MAX_ERROR_BODY_BYTES = LegacyAnswerBody.MAX_ERROR_BODY_BYTES;

    /** What the exchange does with the call's answer; every method runs on the call's loop. */
    interface Reader {
        /** The answer's head arrived. */
        void onHead();

        /** A part of the answer arrived (traffic, for the idle deadline). */
        void onTraffic();

        /** True once the exchange ended: what is left of the answer is dropped. */
        boolean isDone();

        /** One message of the answer, in order. */
        void onMessage(JsonRpcMessage message);

        /** The answer cannot be read on (a message too large, a body that is not what its head said). */
        void failMidAnswer(String why);

        /** The answer's last part arrived and the exchange is not done; {@link #readEnd()} reads what it held. */
        void onAnswerEnd();

        /** The answer was an HTTP error; {@code body} is its (bounded) body. */
        void onErrorAnswer(byte[] body);

        /** The call failed: no connection, a timeout before the head, or the connection lost mid-answer. */
        void onFailure(Throwable cause, boolean beforeHead);
    }

    private final EventExecutor home;
    private final UpstreamTarget target;
    private final UpstreamChannelPool connections;
    private final Duration responseTimeout;
    private final UpstreamSession session;
    private final IdRewriter rewriter;
    private final Runnable exchangeEnded;
    private final ByteBufAllocator alloc;
    private final Reader reader;

    private UpstreamExchange exchange;
    private UpstreamCall call;
    /** The upstream answer being read, once its head came. */
    private LegacyAnswerBody answer;

    /**
     * @param rewriter the session's id rewriter, where the request takes a slot
     * @param exchangeEnded runs once the request gave its slot back
     */
    SessionCall(EventExecutor home, UpstreamTarget target, UpstreamChannelPool connections, Duration responseTimeout,
            UpstreamSession session, IdRewriter rewriter, Runnable exchangeEnded, ByteBufAllocator alloc,
            Reader reader) {
        this.home = home;
        this.target = target;
        this.connections = connections;
        this.responseTimeout = responseTimeout;
        this.session = session;
        this.rewriter = rewriter;
        this.exchangeEnded = exchangeEnded;
        this.alloc = alloc;
        this.reader = reader;
    }

    /**
     * Takes a slot of the session for {@code request} (its id and progress token rewritten) and sends it translated.
     *
     * @return the failure, with nothing sent, when the session already carries as many requests as it may
     */
    Optional<UpstreamFailure> send(JsonRpcRequest request) {
        Optional<UpstreamExchange> begun = rewriter.tryBegin(request.id(),
                ModernRequestTranslator.clientProgressToken(request));
        if (begun.isEmpty()) {
            return Optional.of(UpstreamFailure.of(FailureKind.BUSY, target.name(), "upstream " + target.name()
                    + " session already carries " + rewriter.maxInFlight()
                    + " requests (bridge.maxInFlightPerSession)"));
        }
        exchange = begun.get();
        JsonRpcRequest legacy = ModernRequestTranslator.toLegacy(request, exchange);
        call = UpstreamCall.start(connections, target, LegacyRequests.post(target, legacy, session),
                responseTimeout, this);
        return Optional.empty();
    }

    /** The request's ids on the session; {@code null} once its slot was given back. */
    UpstreamExchange exchange() {
        return exchange;
    }

    /** True when {@code response} answers this request (and not another request of the session). */
    boolean isAnswer(JsonRpcResponse response) {
        return exchange.upstreamId().equals(response.id());
    }

    /** The answer being read, {@code null} before its head. */
    LegacyAnswerBody answer() {
        return answer;
    }

    /** The JSON-RPC error response to this request that an HTTP error answer's body holds, if it holds one. */
    Optional<JsonRpcResponse> errorResponseIn(byte[] body) {
        return LegacyReplyReader.responseTo(exchange.upstreamId(), answer.contentType(), body)
                .filter(JsonRpcResponse::isError);
    }

    /** The client's error for an HTTP error answer whose body holds no JSON-RPC error. */
    MappedError mapErrorBody(byte[] body) {
        return ErrorMapper.fromNonJsonRpcBody(status(), answer.contentType(), body);
    }

    /** The upstream answer's HTTP status, 0 before its head. */
    int status() {
        return answer == null ? 0 : answer.status();
    }

    /**
     * What the call's failure was, for the client. A request the upstream may have received is cancelled on the
     * session: the session outlives this connection, and the upstream may still run the request unless told.
     */
    UpstreamFailure failure(Throwable cause, boolean beforeHead) {
        UpstreamFailure failure = beforeHead
                ? UpstreamFailures.classify(cause, call.wasSent(), target.name(), responseTimeout,
                        UpstreamFailures.RESPONSE_TIMEOUT_KEY)
                : UpstreamFailure.of(FailureKind.CONNECTION_LOST, target.name(), describe(cause));
        if (failure.kind().delivered()) {
            sendCancellation(failure.kind() == FailureKind.HEAD_TIMEOUT ? "request timed out"
                    : "connection to the upstream lost");
        }
        return failure;
    }

    @Override
    public void onHead(HttpResponse head) {
        reader.onHead();
        answer = LegacyAnswerBody.of(head, alloc);
    }

    @Override
    public void onContent(HttpContent content, boolean last) {
        reader.onTraffic();
        try {
            if (reader.isDone()) {
                return;
            }
            answer.feed(content.content(), json -> {
                if (!reader.isDone()) {
                    LegacyReplyReader.messages("application/json", json).forEach(reader::onMessage);
                }
            }, reader::failMidAnswer);
        } finally {
            content.release();
        }
        if (last && !reader.isDone()) {
            reader.onAnswerEnd();
        }
    }

    @Override
    public void onFailure(Throwable cause, boolean beforeHead) {
        reader.onFailure(cause, beforeHead);
    }

    /**
     * Reads what the ended answer held: a JSON body's messages (one of which must be the response), an error body;
     * an SSE stream that ended without the response is malformed.
     */
    void readEnd() {
        switch (answer.mode()) {
            case SSE -> reader.failMidAnswer("upstream ended its SSE stream without a response");
            case JSON -> {
                byte[] body = answer.drain();
                LegacyReplyReader.messages(answer.contentType(), body).forEach(reader::onMessage);
                if (!reader.isDone()) {
                    reader.failMidAnswer("upstream JSON answer held no response to the request");
                }
            }
            case ERROR -> reader.onErrorAnswer(answer.drain());
            default -> {
            }
        }
    }

    /** Reads the answer on (after a pause for a slow client, or to drain it). */
    void resumeReading() {
        call.resumeReading();
    }

    /** Closes the call's answer at once. */
    void abort() {
        call.abort();
    }

    /** Sends {@code message} on the session, beside the call: answers to its questions, its cancellation. */
    CompletableFuture<UpstreamReply> post(JsonRpcMessage message) {
        return BufferedUpstreamCall.send(connections, target, LegacyRequests.post(target, message, session),
                responseTimeout, MAX_ERROR_BODY_BYTES);
    }

    /** Tells the upstream session to stop working on this request, whatever became of the call's connection. */
    private void sendCancellation(String reason) {
        if (exchange != null) {
            post(ModernRequestTranslator.cancellation(exchange, reason));
        }
    }

    /**
     * Tells the upstream session to stop the call, and closes the call's answer once the upstream took it.
     *
     * @return completes once the upstream took the cancellation (at once when nothing was running)
     */
    CompletableFuture<?> cancel(String reason) {
        if (call.isDone() || exchange == null) {
            return CompletableFuture.completedFuture(null);
        }
        UpstreamCall inFlight = call;
        // Cancel first and close the answer only once the upstream has taken the cancellation: a server may drop a
        // request whose response stream closed, and would then have nothing left to cancel. Until then the rest
        // of the answer is read and discarded.
        inFlight.resumeReading();
        return post(ModernRequestTranslator.cancellation(exchange, reason))
                .whenComplete((reply, failure) -> home.execute(inFlight::abort));
    }

    /** Gives the request's slot of the session back (once). */
    void releaseExchange() {
        if (exchange != null) {
            rewriter.release(exchange);
            exchange = null;
            exchangeEnded.run();
        }
    }

    /** The exchange ended: the slot is given back and the answer's buffer released. */
    void release() {
        releaseExchange();
        if (answer != null) {
            answer.release();
        }
    }

    /** A failure's message for logs and errors (its cause's, unwrapped from the futures it went through). */
    static String describe(Throwable cause) {
        Throwable unwrapped = SessionHop.unwrap(cause);
        return unwrapped.getMessage() == null ? unwrapped.getClass().getSimpleName() : unwrapped.getMessage();
    }
}
