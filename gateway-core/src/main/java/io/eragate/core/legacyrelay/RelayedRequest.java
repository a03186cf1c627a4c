package io.eragate.core.legacyrelay;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.eragate.core.jsonrpc.JsonRpcCodec;
import io.eragate.core.jsonrpc.JsonRpcError;
import io.eragate.core.jsonrpc.JsonRpcId;
import io.eragate.core.jsonrpc.JsonRpcMessage;
import io.eragate.core.jsonrpc.JsonRpcNotification;
import io.eragate.core.jsonrpc.JsonRpcRequest;
import io.eragate.core.jsonrpc.JsonRpcResponse;
import io.eragate.core.jsonrpc.JsonRpcShapeException;
import io.eragate.core.mrtr.RoundLimits;
import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * The decisions of one legacy client request served by a modern upstream, across all its MRTR rounds: what each
 * upstream message and each client answer leads to. The caller (the front's Netty side) only moves messages and
 * carries out the returned {@link Step}.
 *
 * <p>Upstream notifications go to the client when {@link RequestNotifications} says so; the upstream's response to
 * the request either ends it ({@link Step.Answer}, for the front to translate) or, when it is {@code input_required},
 * opens a round ({@link InputRelayRound}): its server-to-client requests go to the client ({@link Step.AskClient}),
 * and once all are answered the request is sent upstream again with the answers ({@link Step.Retry}), as many rounds
 * as the upstream asks, up to {@code mrtr.maxRounds}. A round the client cannot take part in fails the request
 * ({@link Step.Fail}).
 *
 * <p>Not thread-safe: driven from one event loop.
 */
public final class RelayedRequest {

    private final JsonRpcRequest modernRequest;
    private final JsonNode clientCapabilities;
    private final Supplier<JsonRpcId> sessionIds;
    private final RoundLimits limits;
    private final RequestNotifications notifications;
    private ObjectNode currentParams;
    private InputRelayRound round;
    private int rounds;
    private boolean ended;

    /**
     * Starts relaying.
     *
     * @param modernRequest the canonical (2026-07-28) request sent upstream for the client's request
     * @param clientCapabilities what the client declared in {@code initialize}
     * @param sessionIds the source of server-to-client request ids, unique in the session
     * @param limits the MRTR bounds ({@code mrtr.maxRounds})
     */
    public RelayedRequest(JsonRpcRequest modernRequest, JsonNode clientCapabilities, Supplier<JsonRpcId> sessionIds,
            RoundLimits limits) {
        this.modernRequest = Objects.requireNonNull(modernRequest, "modernRequest");
        this.clientCapabilities = clientCapabilities;
        this.sessionIds = Objects.requireNonNull(sessionIds, "sessionIds");
        this.limits = Objects.requireNonNull(limits, "limits");
        this.notifications = RequestNotifications.forRequest(modernRequest.params());
        this.currentParams = modernRequest.params();
    }

    /** The request's id (the client's, kept on every retry). */
    public JsonRpcId id() {
        return modernRequest.id();
    }

    /** Whether the request has ended (answered or failed): nothing more is relayed. */
    public boolean ended() {
        return ended;
    }

    /** What to do with one message of the upstream's answer stream. */
    public Step onUpstreamMessage(JsonNode message) {
        Objects.requireNonNull(message, "message");
        if (ended) {
            return Step.NOTHING;
        }
        JsonRpcMessage classified;
        try {
            classified = JsonRpcCodec.classify(message);
        } catch (JsonRpcShapeException e) {
            return Step.NOTHING;
        }
        if (classified instanceof JsonRpcNotification notification) {
            return notifications.relay(notification).<Step>map(Step.Notify::new).orElse(Step.NOTHING);
        }
        if (!(classified instanceof JsonRpcResponse response) || !response.id().equals(modernRequest.id())) {
            // A 2026-07-28 server sends no requests on a request stream, and no other request's response.
            return Step.NOTHING;
        }
        if (response.isError() || !"input_required".equals(response.result().path("resultType").asText(null))) {
            ended = true;
            return new Step.Answer(message);
        }
        return openRound((ObjectNode) response.result());
    }

    /**
     * What to do with the client's answer to one of the server-to-client requests of the current round.
     *
     * @return {@link Step#NOTHING} for an answer the round does not wait for
     */
    public Step onClientAnswer(JsonRpcResponse answer) {
        Objects.requireNonNull(answer, "answer");
        if (ended || round == null) {
            return Step.NOTHING;
        }
        return switch (round.accept(answer)) {
            case UNKNOWN, ACCEPTED -> Step.NOTHING;
            case COMPLETE -> retry();
            case FAILED -> fail(round.failure().orElseThrow());
        };
    }

    /** The ids the current round still waits for (empty outside a round). */
    public List<JsonRpcId> awaitedIds() {
        return round == null || ended ? List.of() : round.awaitedIds();
    }

    /** The client did not answer the current round within {@code roundTimeout}: the request fails. */
    public Step onRoundTimeout(Duration roundTimeout) {
        if (ended || round == null) {
            return Step.NOTHING;
        }
        return fail(round.timedOut(roundTimeout));
    }

    /** The upstream stream ended without a response to the request, or failed. */
    public Step onUpstreamGone(JsonRpcError error) {
        Objects.requireNonNull(error, "error");
        return ended ? Step.NOTHING : fail(error);
    }

    /** The client cancelled the request: it ends with nothing sent to the client. */
    public void cancel() {
        ended = true;
        round = null;
    }

    private Step openRound(ObjectNode inputRequired) {
        rounds++;
        Optional<JsonRpcError> tooMany = InputRelayRound.checkRound(rounds, limits);
        if (tooMany.isPresent()) {
            return fail(tooMany.get());
        }
        round = InputRelayRound.plan(inputRequired, clientCapabilities, sessionIds);
        if (round.failure().isPresent()) {
            return fail(round.failure().get());
        }
        if (round.isComplete()) {
            return retry();
        }
        return new Step.AskClient(round.clientRequests());
    }

    private Step retry() {
        currentParams = round.retryParams(currentParams);
        round = null;
        return new Step.Retry(new JsonRpcRequest(modernRequest.id(), modernRequest.method(), currentParams));
    }

    private Step fail(JsonRpcError error) {
        ended = true;
        round = null;
        return new Step.Fail(JsonRpcResponse.failure(modernRequest.id(), error));
    }

    /** What the caller does next. */
    public sealed interface Step {

        /** The shared {@link Nothing}. */
        Nothing NOTHING = new Nothing();

        /** Nothing to do. */
        record Nothing() implements Step {
        }

        /** Send this notification to the client on the request's stream. */
        record Notify(JsonRpcNotification notification) implements Step {
        }

        /**
         * Send these server-to-client requests to the client on the request's stream and wait for its answers
         * (bounded by {@code mrtr.roundTimeout}); the upstream exchange has ended.
         */
        record AskClient(List<JsonRpcRequest> requests) implements Step {
        }

        /** Send this request upstream as a new exchange; its messages come to {@link #onUpstreamMessage}. */
        record Retry(JsonRpcRequest request) implements Step {
        }

        /** The upstream's final (modern) message for the request: translate it for the client and end. */
        record Answer(JsonNode message) implements Step {
        }

        /** End the request with this error response (already in the form a legacy client understands). */
        record Fail(JsonRpcResponse response) implements Step {
        }
    }
}
