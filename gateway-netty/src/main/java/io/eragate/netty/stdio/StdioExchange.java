package io.eragate.netty.stdio;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.eragate.core.auth.Policies;
import io.eragate.core.bridge.DiscoverSynthesizer;
import io.eragate.core.bridge.ErrorMapper;
import io.eragate.core.bridge.LogFilter;
import io.eragate.core.bridge.MappedError;
import io.eragate.core.bridge.ResultStamper;
import io.eragate.core.exchange.FailureKind;
import io.eragate.core.exchange.FailureMapper;
import io.eragate.core.exchange.MappedFailure;
import io.eragate.core.exchange.UpstreamFailure;
import io.eragate.core.frontdoor.Rejection;
import io.eragate.core.frontdoor.Rejections;
import io.eragate.core.jsonrpc.JsonRpcCodec;
import io.eragate.core.jsonrpc.JsonRpcNotification;
import io.eragate.core.jsonrpc.JsonRpcRequest;
import io.eragate.core.jsonrpc.JsonRpcResponse;
import io.eragate.core.mcp.Era;
import io.eragate.core.mcp.Methods;
import io.eragate.core.stdio.ModernStdioRequests;
import io.eragate.netty.client.ClientStream;
import io.eragate.netty.exchange.ExchangeLifecycle;
import io.eragate.netty.exchange.UpstreamDeadlines;
import io.eragate.netty.upstream.ClientExchange;
import io.eragate.netty.upstream.ForwardedRequest;
import io.netty.channel.ChannelHandlerContext;
import io.opentelemetry.context.Context;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One 2026-07-28 request served by a stdio upstream (or a 2024-11-05 HTTP+SSE one: any {@link SessionSource}). A
 * ready session is taken from the upstream (for stdio, the least busy of its processes); the request goes to it as the
 * era needs (legacy: envelope stripped, the bridge's translation; modern: as sent), under an id and progress token of
 * Eragate's own. Progress and (when asked for) log
 * messages reach the client on an SSE stream opened at the first of them; the result comes back stamped (legacy) or
 * as sent (modern), errors mapped.
 *
 * <p>It never hangs: a process that exits fails the request at once with 502, and {@code requestTimeout} ends it with
 * 504. A client that leaves, or a request that times out, sends {@code notifications/cancelled} to the process.
 *
 * <p>Threading: every method runs on the client channel's event loop; the session hands answers over to it.
 */
public final class StdioExchange implements ClientExchange, StdioSession.CallListener {
    private static final Logger log = LoggerFactory.getLogger(StdioExchange.class);

    private final ChannelHandlerContext client;
    private final ForwardedRequest forwarded;
    private final JsonRpcRequest request;
    private final SessionSource upstream;
    private final ResultStamper stamper;
    /** Cuts list results for the principal; null when authentication is off. */
    private Policies policies;
    private final DiscoverSynthesizer discover;
    private final ExchangeLifecycle lifecycle;
    private final ClientStream stream;
    private final LogFilter logFilter;
    private final Duration timeout;
    private final String timeoutKey;

    private boolean done;
    private CompletableFuture<StdioSession> acquiring;
    private StdioSession session;
    private StdioSession.Call call;

    /**
     * Prepares the exchange; {@link #start()} sends it.
     *
     * @param deadlines the configured upstream deadlines; the upstream's own request timeout caps the total one
     * @param lifecycle the exchange's end and outcome, built with {@link #deadlines}
     */
    public StdioExchange(ChannelHandlerContext client, ForwardedRequest forwarded, SessionSource upstream,
            ResultStamper stamper, DiscoverSynthesizer discover, UpstreamDeadlines deadlines,
            ExchangeLifecycle lifecycle) {
        this.client = client;
        this.forwarded = forwarded;
        this.request = (JsonRpcRequest) forwarded.request().message();
        this.upstream = upstream;
        this.stamper = stamper;
        this.discover = discover;
        this.lifecycle = lifecycle;
        this.stream = new ClientStream(client, forwarded.keepAlive());
        this.logFilter = LogFilter.forRequest(request.params());
        UpstreamDeadlines applied = deadlines(deadlines, upstream);
        this.timeout = applied.total();
        this.timeoutKey = applied.total().equals(upstream.requestTimeout()) ? "requestTimeout of upstream "
                + upstream.name() : ExchangeLifecycle.Deadline.TOTAL.key();
    }

    /**
     * Cuts list results by {@code newPolicies} for the request's principal (tools it may not call, prompts it may not
     * get, resources it may not read); null, the default, leaves them whole (authentication off).
     */
    public StdioExchange filteringListsBy(Policies newPolicies) {
        this.policies = newPolicies;
        return this;
    }

    /**
     * The deadlines of a request on {@code upstream}: the total one, capped by the upstream's own request timeout;
     * no idle one, since a process answers in lines with no head before them.
     */
    public static UpstreamDeadlines deadlines(UpstreamDeadlines configured, SessionSource upstream) {
        return new UpstreamDeadlines(Duration.ZERO, configured.cappedAt(upstream.requestTimeout()).total());
    }

    @Override
    public void start() {
        if (Methods.SUBSCRIPTIONS_LISTEN.equals(request.method())) {
            reject(Rejections.methodNotFound(request.id(), request.method(),
                    "(subscriptions are not available through stdio upstreams)"));
            return;
        }
        lifecycle.start(this::onTimeout);
        acquiring = upstream.acquire();
        if (acquiring.isDone()) {
            onAcquired();
        } else {
            Context trace = Context.current();
            acquiring.whenComplete((ignored, failure) -> client.executor().execute(trace.wrap(this::onAcquired)));
        }
    }

    private void onAcquired() {
        if (done) {
            return;
        }
        StdioSession acquired;
        try {
            acquired = acquiring.join();
        } catch (CompletionException e) {
            Throwable cause = e.getCause() == null ? e : e.getCause();
            if (cause instanceof StdioUnavailableException unavailable && unavailable.status() == 503) {
                reject(Rejections.upstreamBusy(request.id(), "upstream " + upstream.name() + ": "
                        + unavailable.getMessage()));
            } else {
                reject(Rejections.upstreamProcessFailed(request.id(), upstream.name(), cause.getMessage()));
            }
            return;
        }
        session = acquired;
        if (session.era() == Era.LEGACY && Methods.SERVER_DISCOVER.equals(request.method())) {
            answer(200, JsonRpcCodec.encode(JsonRpcResponse.success(request.id(),
                    discover.discoverResult(session.initializeResult()))));
            return;
        }
        Optional<StdioSession.Call> begun = session.begin(request, this, client.executor());
        if (begun.isEmpty()) {
            reject(session.isGone()
                    ? Rejections.upstreamProcessFailed(request.id(), upstream.name(), session.goneWhy() == null
                            ? "upstream process is stopping" : session.goneWhy())
                    : Rejections.upstreamBusy(request.id(), "upstream process of " + upstream.name()
                            + " already carries " + session.inFlight() + " requests (maxPendingRequests)"));
            return;
        }
        call = begun.get();
    }

    @Override
    public void onResponse(JsonRpcResponse response) {
        if (done) {
            return;
        }
        call = null;
        if (response.isError()) {
            if (session.era() == Era.MODERN) {
                answer(ModernStdioRequests.httpStatus(response.error()),
                        JsonRpcCodec.encodeError(request.id(), response.error()));
            } else {
                MappedError mapped = ErrorMapper.map(response.error());
                answer(mapped.httpStatus(), JsonRpcCodec.encodeError(request.id(), mapped.error()));
            }
            return;
        }
        JsonNode result = response.result();
        if (session.era() == Era.MODERN) {
            JsonNode visible = result instanceof ObjectNode object
                    ? Policies.visible(policies, forwarded.principal(), request.method(), object) : result;
            answer(200, JsonRpcCodec.encode(JsonRpcResponse.success(request.id(), visible)));
            return;
        }
        if (!result.isObject()) {
            answer(502, Rejections.upstreamInvalidResponse(request.id(), upstream.name(), 200,
                    "result is not an object").body());
            return;
        }
        ObjectNode stamped = Policies.visible(policies, forwarded.principal(), request.method(),
                stamper.stamp(request.method(), (ObjectNode) result, session.initializeResult()));
        answer(200, JsonRpcCodec.encode(JsonRpcResponse.success(request.id(), stamped)));
    }

    @Override
    public void onNotification(JsonRpcNotification notification) {
        if (done) {
            return;
        }
        boolean logMessage = Methods.NOTIFICATION_MESSAGE.equals(notification.method());
        if (!logMessage || logFilter.accepts(notification.params())) {
            stream.event(JsonRpcCodec.encode(notification));
        }
    }

    /** The process died: the client gets the error at once, as the last event when its stream is open. */
    @Override
    public void onProcessGone(String why) {
        if (done) {
            return;
        }
        call = null;
        fail(UpstreamFailure.of(FailureKind.PROCESS_GONE, upstream.name(), why));
    }

    private void onTimeout(ExchangeLifecycle.Deadline deadline, Duration after) {
        if (done) {
            return;
        }
        if (deadline == ExchangeLifecycle.Deadline.DRAIN) {
            cancelUpstream("the gateway is shutting down");
            fail(UpstreamFailure.timeout(FailureKind.SHUTDOWN, upstream.name(), after, deadline.key()));
            return;
        }
        log.info("[{}] upstream {} did not answer within {} ms; cancelling", client.channel().id(), upstream.name(),
                timeout.toMillis());
        cancelUpstream("request timed out after " + timeout.toMillis() + " ms");
        fail(UpstreamFailure.timeout(stream.isStreaming() ? FailureKind.TOTAL_TIMEOUT : FailureKind.HEAD_TIMEOUT,
                upstream.name(), timeout, timeoutKey));
    }

    /** Ends the exchange with the one mapping of {@code failure}: the HTTP status, or the final SSE event. */
    private void fail(UpstreamFailure failure) {
        MappedFailure mapped = FailureMapper.map(failure, stream.isStreaming(), Era.MODERN, request.id());
        lifecycle.outcome().errorType(mapped.errorType());
        reject(mapped.rejection());
    }

    @Override
    public void cancel() {
        if (done) {
            return;
        }
        log.debug("[{}] client left; cancelling its request on {}", client.channel().id(), upstream.name());
        cancelUpstream("client disconnected");
        end();
    }

    @Override
    public void onClientWritable() {
        // Nothing is held back: a process's answers are small and come one line at a time.
    }

    private void cancelUpstream(String reason) {
        if (call != null) {
            session.cancel(call, reason);
            call = null;
        }
        if (acquiring != null && !acquiring.isDone()) {
            acquiring.cancel(false);
        }
    }

    private void answer(int status, byte[] json) {
        stream.finish(status, json);
        end();
    }

    private void reject(Rejection rejection) {
        stream.reject(rejection);
        end();
    }

    private void end() {
        if (done) {
            return;
        }
        done = true;
        lifecycle.end();
    }
}
