package io.eragate.netty.bridge;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.eragate.core.bridge.ErrorMapper;
import io.eragate.core.bridge.LogFilter;
import io.eragate.core.bridge.MappedError;
import io.eragate.core.exchange.FailureKind;
import io.eragate.core.exchange.FailureMapper;
import io.eragate.core.exchange.MappedFailure;
import io.eragate.core.exchange.UpstreamFailure;
import io.eragate.core.mcp.Era;
import io.eragate.netty.client.ClientStream;
import io.eragate.netty.exchange.ExchangeLifecycle;
import io.eragate.core.frontdoor.Rejection;
import io.eragate.core.frontdoor.Rejections;
import io.eragate.core.jsonrpc.JsonRpcCodec;
import io.eragate.core.jsonrpc.JsonRpcMessage;
import io.eragate.core.jsonrpc.JsonRpcNotification;
import io.eragate.core.jsonrpc.JsonRpcRequest;
import io.eragate.core.jsonrpc.JsonRpcResponse;
import io.eragate.core.jsonrpc.JsonRpcId;
import io.eragate.core.mrtr.RequestState;
import io.eragate.core.mrtr.RetryCheck;
import io.eragate.core.mrtr.UpstreamAnswer;
import io.netty.util.concurrent.EventExecutor;
import io.opentelemetry.context.Context;
import io.eragate.core.mcp.Methods;
import io.eragate.core.session.ReplayPolicy;
import io.eragate.core.session.SessionKey;
import io.eragate.core.session.UpstreamSession;
import io.eragate.netty.upstream.ClientExchange;
import io.eragate.netty.upstream.ForwardedRequest;
import io.eragate.netty.upstream.UpstreamChannelPool;
import io.eragate.netty.upstream.UpstreamReply;
import io.eragate.netty.upstream.UpstreamTarget;
import io.netty.channel.ChannelHandlerContext;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One 2026-07-28 request served by a legacy upstream: a pooled session is acquired (one {@code initialize} for many
 * requests), the request goes up with its envelope stripped and its id and progress token rewritten, and the answer
 * comes back translated: progress and logs of this request on an SSE stream, the result stamped for the modern
 * client, errors mapped. A list the session's cache holds is answered from it without going upstream; a list that
 * went upstream is offered to the cache (errors never are). An expired session is replaced and the request replayed once, since the upstream refused
 * it without running it. A client that leaves cancels the upstream call with {@code notifications/cancelled}.
 *
 * <p>Threading: every step runs on the client channel's event loop; futures completing elsewhere hop back to it.
 */
public final class BridgeExchange implements ClientExchange, SessionCall.Reader {
    private static final Logger log = LoggerFactory.getLogger(BridgeExchange.class);
    private static final Runnable NOTHING = () -> { };
    private final EventExecutor home;
    private final UpstreamTarget target;
    private final UpstreamChannelPool connections;
    private final LegacyBridge bridge;
    private final Duration responseTimeout;

    // The client side: a retry that resumes this call replaces all of it.
    private ChannelHandlerContext client;
    private ForwardedRequest forwarded;
    private JsonRpcRequest request;
    private Runnable onComplete;
    private ExchangeLifecycle lifecycle;
    private ClientStream stream;
    private LogFilter logFilter;

    /** The call's multi round-trip side: input rounds, parking, resumption. */
    private final ParkedCall rounds;
    /** The exchange of a retry that handed its client to another call. */
    private BridgeExchange resumed;

    private boolean done;
    private boolean replayed;
    private UpstreamSession session;
    /** This request's turn at the session's list cache: the ticket to store its result, when it missed. */
    private ListCacheTurn listCache = ListCacheTurn.NONE;
    /** The request in flight on the session, once sent. */
    private SessionCall inFlight;

    /**
     * Prepares the exchange; {@link #start()} sends it.
     *
     * @param lifecycle the exchange's deadlines, outcome and end (run once the client has its whole answer, or
     *     the exchange was cancelled)
     */
    public BridgeExchange(ChannelHandlerContext client, ForwardedRequest forwarded, UpstreamTarget target,
            UpstreamChannelPool connections, LegacyBridge bridge, Duration responseTimeout,
            ExchangeLifecycle lifecycle) {
        this.client = client;
        this.home = client.executor();
        this.forwarded = forwarded;
        this.request = (JsonRpcRequest) forwarded.request().message();
        this.target = target;
        this.connections = connections;
        this.bridge = bridge;
        this.responseTimeout = responseTimeout;
        this.lifecycle = lifecycle;
        this.onComplete = lifecycle::end;
        this.stream = new ClientStream(client, forwarded.keepAlive());
        this.logFilter = LogFilter.forRequest(request.params());
        this.rounds = new ParkedCall(this, home, bridge, request);
    }

    @Override
    public void start() {
        lifecycle.start(this::onDeadline);
        if (request.params() != null && request.params().has(RetryCheck.REQUEST_STATE)) {
            resume();
            return;
        }
        SessionKey key = bridge.keyFor(target.name(), forwarded.principal().id(), request);
        SessionHop.deliver(bridge.acquire(key, request), client.executor(), Context.current(), bridge::release,
                () -> done, this::onSession, this::onSessionFailure);
    }

    private void onSession(UpstreamSession acquired) {
        session = acquired;
        if (Methods.SERVER_DISCOVER.equals(request.method())) {
            answer(200, JsonRpcCodec.encode(JsonRpcResponse.success(request.id(), bridge.discoverResult(session))));
            return;
        }
        if (answeredFromListCache()) {
            return;
        }
        UpstreamSession onSession = session;
        inFlight = new SessionCall(home, target, connections, responseTimeout, session, bridge.rewriter(session),
                () -> bridge.exchangeEnded(onSession), client.alloc(), this);
        Optional<UpstreamFailure> busy = inFlight.send(request);
        if (busy.isPresent()) {
            inFlight = null;
            fail(busy.get());
        }
    }

    /**
     * Answers a list request from the session's cache when it holds the result; on a miss keeps the turn's ticket, so
     * that the upstream's answer may be stored.
     */
    private boolean answeredFromListCache() {
        listCache = ListCacheTurn.take(request, () -> bridge.listCache(session));
        if (listCache.hit().isEmpty()) {
            return false;
        }
        log.debug("[{}] {} answered from the list cache of upstream session {}", client.channel().id(),
                request.method(), session.sessionId());
        answer(200, JsonRpcCodec.encode(JsonRpcResponse.success(request.id(),
                bridge.visibleTools(forwarded.principal(), request.method(), listCache.hit().get()))));
        return true;
    }

    private void onSessionFailure(Throwable failure) {
        if (failure instanceof SessionOpenException open && open.modernAnswer()) {
            bridge.contradicted(target, open.getMessage());
        }
        fail(SessionHop.failureOf(failure, target.name(), responseTimeout));
    }

    @Override
    public void onHead() {
        lifecycle.upstreamHead();
    }

    @Override
    public void onTraffic() {
        lifecycle.upstreamTraffic();
    }

    @Override
    public void onAnswerEnd() {
        if (rounds.isParked()) {
            rounds.upstreamEnded();
        } else {
            onUpstreamEnd();
        }
    }

    /** The upstream's answer ended (or, for a resumed call, had ended while it was parked). */
    void onUpstreamEnd() {
        inFlight.readEnd();
    }

    /** The upstream answer's HTTP status, 0 before its head. */
    private int upstreamStatus() {
        return inFlight == null ? 0 : inFlight.status();
    }

    /** One message of the upstream's answer. */
    @Override
    public void onMessage(JsonRpcMessage message) {
        if (done) {
            return;
        }
        if (rounds.isParked()) {
            rounds.hold(message);
            return;
        }
        if (message instanceof JsonRpcResponse response) {
            if (inFlight.isAnswer(response)) {
                onFinalResponse(response);
            }
        } else if (message instanceof JsonRpcNotification notification) {
            onNotification(notification);
        } else if (message instanceof JsonRpcRequest serverRequest) {
            rounds.onServerRequest(serverRequest);
        }
    }

    private void onNotification(JsonRpcNotification notification) {
        bridge.notificationOnRequestStream(session, notification);
        RequestNotifications.forClient(notification, request, inFlight.exchange(), logFilter)
                .ifPresent(forClient -> stream.event(JsonRpcCodec.encode(forClient)));
    }

    private void onFinalResponse(JsonRpcResponse response) {
        if (rounds.tookUrlElicitations(response)) {
            return;
        }
        if (response.isError()) {
            MappedError mapped = ErrorMapper.map(response.error(), request.method(), request.params());
            answer(mapped.httpStatus(), JsonRpcCodec.encodeError(request.id(), mapped.error()));
            return;
        }
        JsonNode result = response.result();
        if (!result.isObject()) {
            answer(502, Rejections.upstreamInvalidResponse(request.id(), target.name(), upstreamStatus(),
                    "result is not an object").body());
            return;
        }
        // The result was parsed from this call's answer and is held by nothing else: stamped in place, not copied.
        ObjectNode stamped = bridge.stamper().stampOwned(request.method(), (ObjectNode) result,
                session.initializeResult());
        stamped = listCache.admit(stamped);
        // The cache holds the session's whole list; what a token may see depends on its scopes, so it is cut here.
        stamped = bridge.visibleTools(forwarded.principal(), request.method(), stamped);
        answer(200, JsonRpcCodec.encode(JsonRpcResponse.success(request.id(), stamped)));
    }

    /**
     * This exchange is a retry: checks its {@code requestState}, then hands its client to the parked call it
     * resumes (or, after a -32042, sends the request again).
     */
    private void resume() {
        InputRounds.Claim claim = bridge.inputRounds().claim(request, forwarded.principal().id());
        if (claim.outcome() instanceof RetryCheck.Outcome.Refused refused) {
            reject(Rejections.invalidParams(request.id(), refused.reason()));
        } else if (claim.outcome() instanceof RetryCheck.Outcome.SendAgain again) {
            request = new JsonRpcRequest(request.id(), request.method(), again.params());
            rounds.continueFromRound(again.round());
            start();
        } else {
            resumed = claim.call();
            BridgeExchange retry = this;
            RequestState state = ((RetryCheck.Outcome.Resume) claim.outcome()).state();
            resumed.home.execute(() -> resumed.attach(retry, state));
        }
    }

    /** Runs on this (parked) call's loop: the retry's client takes over, the answers go upstream. */
    private void attach(BridgeExchange retry, RequestState state) {
        if (done || !rounds.isParked()) {
            retry.client.executor().execute(() -> retry.reject(Rejections.invalidParams(retry.request.id(),
                    "the call this requestState resumes has ended")));
            return;
        }
        client = retry.client;
        forwarded = retry.forwarded;
        request = retry.request;
        onComplete = retry.onComplete;
        lifecycle = retry.lifecycle;
        stream = new ClientStream(client, forwarded.keepAlive());
        logFilter = LogFilter.forRequest(request.params());
        rounds.resume(state);
        if (inFlight != null && !done && !rounds.isParked() && !stream.isStreaming()) {
            inFlight.resumeReading();
        }
    }

    /** See {@link ParkedCall#abandonRound}; from any thread. */
    CompletableFuture<Void> abandon(String roundId, String reason) {
        return rounds.abandonRound(roundId, reason);
    }

    /**
     * The round ends: the client gets the round's input requests as its answer and the upstream call stays parked,
     * read on so that its pings are answered and its messages held.
     */
    void answerRound(byte[] json) {
        if (inFlight != null) {
            inFlight.resumeReading();
        }
        stream.finish(200, json);
        finishClient();
    }

    /** The client request attached now (after a retry, the retry's). */
    JsonRpcRequest request() {
        return request;
    }

    String principalId() {
        return forwarded.principal().id();
    }

    /** The client channel's id, for logs. */
    Object logId() {
        return client.channel().id();
    }

    String upstreamName() {
        return target.name();
    }

    @Override
    public boolean isDone() {
        return done;
    }

    void listNotification(JsonRpcNotification notification) {
        bridge.listNotification(session, notification);
    }

    CompletableFuture<UpstreamReply> answerUpstream(JsonRpcId upstreamRequestId, UpstreamAnswer answer) {
        return inFlight.post(answer.toResponse(upstreamRequestId));
    }

    @Override
    public void onErrorAnswer(byte[] body) {
        boolean sentSession = session.sessionId() != null;
        if (ReplayPolicy.decide(upstreamStatus(), body, sentSession, replayed)
                == ReplayPolicy.Decision.SESSION_EXPIRED_REPLAY_ONCE) {
            log.info("[{}] upstream {} lost session {}; opening a new one and sending the request again",
                    client.channel().id(), target.name(), session.sessionId());
            bridge.invalidate(session, "HTTP " + upstreamStatus() + " for a request carrying the session");
            inFlight.releaseExchange();
            // The replay acquires a session of its own; this one is given back now (per-call closes it).
            bridge.release(session);
            session = null;
            replayed = true;
            inFlight = null;
            start();
            return;
        }
        Optional<JsonRpcResponse> ours = inFlight.errorResponseIn(body);
        if (ours.isPresent()) {
            onFinalResponse(ours.get());
            return;
        }
        MappedError mapped = inFlight.mapErrorBody(body);
        answer(mapped.httpStatus(), JsonRpcCodec.encodeError(request.id(), mapped.error()));
    }

    @Override
    public void onFailure(Throwable cause, boolean beforeHead) {
        if (done) {
            return;
        }
        if (rounds.isParked()) {
            String why = SessionCall.describe(cause);
            log.info("[{}] upstream call waiting for input failed: {}", client.channel().id(), why);
            rounds.upstreamFailed("upstream connection lost while the call waited for input: " + why);
            return;
        }
        fail(inFlight.failure(cause, beforeHead));
    }

    /**
     * A deadline passed: the upstream session is told {@code notifications/cancelled} and the client gets a
     * timeout error for its id (as the stream's last event when its stream is open). A call parked for input is
     * bounded by its round's timeout instead.
     */
    private void onDeadline(ExchangeLifecycle.Deadline deadline, Duration after) {
        if (resumed != null) {
            BridgeExchange parkedCall = resumed;
            resumed.home.execute(() -> parkedCall.onDeadline(deadline, after));
            return;
        }
        if (done || rounds.isParked()) {
            return;
        }
        log.info("[{}] upstream {}: {} ({}) passed; cancelling", client.channel().id(), target.name(), after,
                deadline.key());
        cancelUpstream("request timed out after " + after.toMillis() + " ms");
        fail(UpstreamFailure.timeout(deadline.failureKind(), target.name(), after, deadline.key()));
    }

    /** Ends the exchange with the one mapping of {@code failure}: a response, or the open stream's last event. */
    private void fail(UpstreamFailure failure) {
        MappedFailure mapped = FailureMapper.map(failure, stream.isStreaming(), Era.MODERN, request.id());
        lifecycle.outcome().errorType(mapped.errorType());
        reject(mapped.rejection());
    }

    @Override
    public void cancel() {
        if (resumed != null) {
            ChannelHandlerContext leaving = client;
            resumed.home.execute(() -> resumed.clientLeft(leaving));
            return;
        }
        if (done || rounds.isParked()) {
            return;
        }
        log.debug("[{}] client left; cancelling upstream request on {}", client.channel().id(), target.name());
        cancelUpstream("client disconnected");
        end();
    }

    /** The client of a retry left: only the client attached now may cancel the call. */
    private void clientLeft(ChannelHandlerContext leaving) {
        if (client == leaving) {
            cancel();
        }
    }

    /**
     * Tells the upstream session to stop the call, and closes the call's answer once the upstream took it.
     *
     * @return completes once the upstream took the cancellation (at once when nothing was running)
     */
    CompletableFuture<?> cancelUpstream(String reason) {
        return inFlight == null ? CompletableFuture.completedFuture(null) : inFlight.cancel(reason);
    }

    @Override
    public void onClientWritable() {
        if (resumed != null) {
            resumed.home.execute(resumed::onClientWritable);
            return;
        }
        if (inFlight != null) {
            inFlight.resumeReading();
        }
    }

    @Override
    public void failMidAnswer(String why) {
        if (inFlight != null) {
            inFlight.abort();
        }
        if (stream.isStreaming()) {
            log.info("[{}] {}; ending the client's stream with an error for its request", client.channel().id(),
                    why);
            fail(UpstreamFailure.of(FailureKind.MALFORMED_ANSWER, target.name(), why));
        } else {
            reject(Rejections.upstreamInvalidResponse(request.id(), target.name(), upstreamStatus(), why));
        }
    }

    void answer(int status, byte[] json) {
        stream.finish(status, json);
        end();
    }

    private void reject(Rejection rejection) {
        stream.reject(rejection);
        end();
    }

    void end() {
        if (done) {
            return;
        }
        done = true;
        rounds.close();
        if (inFlight != null) {
            inFlight.release();
        }
        if (session != null) {
            bridge.release(session);
        }
        finishClient();
    }

    /** The attached client has its whole answer: its connection may take the next request. */
    private void finishClient() {
        Runnable finished = onComplete;
        onComplete = NOTHING;
        ChannelHandlerContext finishedClient = client;
        if (finishedClient.executor().inEventLoop()) {
            finished.run();
        } else {
            finishedClient.executor().execute(finished);
        }
    }
}
