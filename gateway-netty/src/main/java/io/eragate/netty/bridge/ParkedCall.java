package io.eragate.netty.bridge;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.eragate.core.jsonrpc.JsonRpcCodec;
import io.eragate.core.jsonrpc.JsonRpcErrorCodes;
import io.eragate.core.jsonrpc.JsonRpcId;
import io.eragate.core.jsonrpc.JsonRpcMessage;
import io.eragate.core.jsonrpc.JsonRpcNotification;
import io.eragate.core.jsonrpc.JsonRpcRequest;
import io.eragate.core.jsonrpc.JsonRpcResponse;
import io.eragate.core.mcp.Methods;
import io.eragate.core.mrtr.CapabilityCheck;
import io.eragate.core.mrtr.InputRequests;
import io.eragate.core.mrtr.MidCallRequests;
import io.eragate.core.mrtr.ParamsDigest;
import io.eragate.core.mrtr.RequestState;
import io.eragate.core.mrtr.RetryCheck;
import io.eragate.core.mrtr.UpstreamAnswer;
import io.eragate.core.mrtr.WhileParked;
import io.netty.util.concurrent.EventExecutor;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The multi round-trip side of one bridged call: the upstream's mid-call requests gathered into a round, the
 * round answered to the client as {@code input_required}, the upstream call parked (its messages held) until the
 * client's retry resumes it or the round's deadline abandons it. Every decision is core's ({@link MidCallRequests},
 * {@link WhileParked}, {@link RetryCheck}); this class keeps the round's state and times it.
 *
 * <p>Threading: used on the call's home event loop only.
 */
final class ParkedCall {
    private static final Logger log = LoggerFactory.getLogger(ParkedCall.class);
    /** Messages an upstream call waiting for a retry may send meanwhile; later ones are dropped. */
    private static final int MAX_PARKED_MESSAGES = 1024;

    private final BridgeExchange call;
    private final EventExecutor home;
    private final LegacyBridge bridge;
    /** Answers a first request (no requestState) brought along, by input key; used once each, in round 0 only. */
    private final ObjectNode presuppliedAnswers;

    private InputRequests gathering;
    private ScheduledFuture<?> gatherTimer;
    private final Map<JsonRpcId, JsonRpcRequest> awaitingAnswer = new LinkedHashMap<>();
    /** This round's upstream requests for capabilities the request did not declare, with what they need. */
    private final Map<JsonRpcRequest, ObjectNode> lacking = new LinkedHashMap<>();
    private int round;
    private String pendingCallId;
    private boolean parked;
    /** The upstream ended its stream while the call was parked: whatever it sent is in {@link #heldMessages}. */
    private boolean upstreamEnded;
    /** The upstream connection failed while the call was parked; the retry gets this as its answer. */
    private String upstreamFailure;
    private final List<JsonRpcMessage> heldMessages = new ArrayList<>();

    ParkedCall(BridgeExchange call, EventExecutor home, LegacyBridge bridge, JsonRpcRequest first) {
        this.call = call;
        this.home = home;
        this.bridge = bridge;
        this.presuppliedAnswers = RetryCheck.presuppliedAnswers(first.params());
    }

    boolean isParked() {
        return parked;
    }

    /** A retry after a url-mode elicitation round sends the request again as round {@code round}'s call. */
    void continueFromRound(int previousRounds) {
        round = previousRounds;
    }

    /** An upstream request mid-call, while the call is not parked: answered, gathered, or set aside. */
    void onServerRequest(JsonRpcRequest asked) {
        JsonRpcRequest request = call.request();
        MidCallRequests.Decision decision = MidCallRequests.decide(asked, request.method(), request.params(),
                presuppliedAnswers, round, bridge.failsUndeclaredCapabilities(),
                bridge.inputRounds().pending().limits());
        if (decision instanceof MidCallRequests.Decision.Answer answer) {
            if (answer.reason() != null) {
                log.debug("[{}] declining upstream {}: {}", call.logId(), asked.method(), answer.reason());
            }
            call.answerUpstream(asked.id(), answer.answer());
        } else if (decision instanceof MidCallRequests.Decision.FromPresupplied given) {
            presuppliedAnswers.remove(given.key());
            log.debug("[{}] answering upstream {} with the client's pre-supplied {}", call.logId(), asked.method(),
                    given.key());
            call.answerUpstream(asked.id(), new UpstreamAnswer(given.answer(), null));
        } else if (decision instanceof MidCallRequests.Decision.Lacking needs) {
            lacking.put(asked, needs.requiredCapabilities());
            startGathering();
        } else {
            startGathering();
            gathering.add(asked);
            awaitingAnswer.put(asked.id(), asked);
        }
    }

    private void startGathering() {
        if (gathering == null) {
            gathering = new InputRequests();
            gatherTimer = home.schedule(this::endRound, bridge.inputRounds().gatherWindow().toNanos(),
                    TimeUnit.NANOSECONDS);
        }
    }

    /**
     * Ends the client's exchange with the gathered input requests and parks the upstream call until the retry
     * comes, or its deadline passes.
     */
    private void endRound() {
        gatherTimer = null;
        InputRequests gathered = gathering;
        gathering = null;
        if (call.isDone() || gathered == null || settleLacking(gathered) || gathered.isEmpty()) {
            return;
        }
        InputRounds rounds = bridge.inputRounds();
        String roundId = rounds.newPendingCallId();
        Instant deadline = rounds.clock().instant().plus(rounds.roundTimeout());
        JsonRpcRequest request = call.request();
        Optional<String> refused = rounds.pending().register(call.principalId(), roundId, deadline, call);
        if (refused.isPresent()) {
            log.info("[{}] declining the upstream's input requests: {}", call.logId(), refused.get());
            gathered.upstreamIds().values().forEach(id -> {
                JsonRpcRequest asked = awaitingAnswer.remove(id);
                call.answerUpstream(id, UpstreamAnswer.decline(asked.method()));
            });
            return;
        }
        round++;
        pendingCallId = roundId;
        String token = rounds.verifier().issue(new RequestState(rounds.instanceId(), roundId, call.principalId(),
                deadline, request.method(), ParamsDigest.of(paramsOf(request)), gathered.upstreamIds(),
                gathered.elicitationIds(), round));
        parked = true;
        call.answerRound(JsonRpcCodec.encode(JsonRpcResponse.success(request.id(), gathered.toResult(token))));
        home.schedule(rounds::sweep, rounds.roundTimeout().toNanos() + 1_000_000L, TimeUnit.NANOSECONDS);
    }

    /**
     * Settles the round's requests for capabilities the request did not declare (sessions declare all the gateway
     * relays, so the server may ask for anything): declined upstream; when nothing else was gathered the call
     * fails with -32021 and the upstream call is cancelled.
     *
     * @return whether the call failed
     */
    private boolean settleLacking(InputRequests gathered) {
        if (lacking.isEmpty()) {
            return false;
        }
        Map<JsonRpcRequest, ObjectNode> settled = new LinkedHashMap<>(lacking);
        lacking.clear();
        settled.keySet().forEach(asked -> call.answerUpstream(asked.id(), UpstreamAnswer.decline(asked.method())));
        Optional<ObjectNode> failure = MidCallRequests.failureForLacking(settled.values(), gathered.isEmpty());
        if (failure.isEmpty()) {
            log.debug("[{}] declined {} upstream request(s) for capabilities the request did not declare",
                    call.logId(), settled.size());
            return false;
        }
        log.debug("[{}] upstream needs client capabilities {} the request did not declare", call.logId(),
                failure.get());
        call.cancelUpstream("the client did not declare the capabilities " + failure.get() + " the request needs");
        call.answer(400, JsonRpcCodec.encodeError(call.request().id(),
                CapabilityCheck.missingCapabilityError(failure.get())));
        return true;
    }

    /**
     * Takes a -32042 answer to a request that may require input: its URL elicitations become the client's round.
     *
     * @return whether the answer was taken (else it is the call's final answer)
     */
    boolean tookUrlElicitations(JsonRpcResponse response) {
        if (!response.isError() || response.error().code() != JsonRpcErrorCodes.LEGACY_URL_ELICITATION_REQUIRED
                || !Methods.MAY_REQUIRE_INPUT.contains(call.request().method())) {
            return false;
        }
        Optional<InputRequests> urls = InputRequests.fromUrlElicitationRequired(response.error());
        urls.ifPresent(this::answerUrlElicitations);
        return urls.isPresent();
    }

    /**
     * A legacy -32042: the upstream call has ended, asking for url-mode elicitations first. The client gets them as
     * input requests when it declared {@code elicitation.url} (else -32021); its retry sends the request again.
     */
    void answerUrlElicitations(InputRequests urls) {
        JsonRpcRequest request = call.request();
        ObjectNode urlMode = JsonNodeFactory.instance.objectNode().put("mode", "url");
        CapabilityCheck.Decision decision = CapabilityCheck.of(request.params()).check(Methods.ELICITATION_CREATE,
                urlMode);
        if (decision instanceof CapabilityCheck.Decision.Decline decline) {
            ObjectNode required = decline.requiredCapabilities() != null ? decline.requiredCapabilities()
                    : CapabilityCheck.requiredCapabilities(Methods.ELICITATION_CREATE, urlMode);
            call.answer(400, JsonRpcCodec.encodeError(request.id(), CapabilityCheck.missingCapabilityError(required)));
            return;
        }
        InputRounds rounds = bridge.inputRounds();
        String token = rounds.verifier().issue(new RequestState(rounds.instanceId(),
                RetryCheck.reissueCallId(rounds.newPendingCallId()), call.principalId(),
                rounds.clock().instant().plus(rounds.roundTimeout()), request.method(),
                ParamsDigest.of(paramsOf(request)), urls.upstreamIds(), urls.elicitationIds(), round + 1));
        call.answer(200, JsonRpcCodec.encode(JsonRpcResponse.success(request.id(), urls.toResult(token))));
    }

    /** A message from the upstream while parked: pings answered, list changes noted, the rest held. */
    void hold(JsonRpcMessage message) {
        if (message instanceof JsonRpcNotification notification) {
            // The session's cached lists must not wait for the retry to learn of a change.
            call.listNotification(notification);
        }
        switch (WhileParked.of(message, heldMessages.size(), MAX_PARKED_MESSAGES)) {
            case ANSWER_PING -> call.answerUpstream(((JsonRpcRequest) message).id(),
                    new UpstreamAnswer(JsonNodeFactory.instance.objectNode(), null));
            case HOLD -> heldMessages.add(message);
            case DROP -> log.debug("[{}] dropping an upstream message while the call waits for a retry",
                    call.logId());
        }
    }

    /** The upstream's answer ended while parked; the retry learns it. */
    void upstreamEnded() {
        upstreamEnded = true;
    }

    /** The upstream connection failed while parked; the retry gets {@code why} as its answer. */
    void upstreamFailed(String why) {
        upstreamFailure = why;
    }

    /**
     * The retry's client is attached: its answers go upstream, requests it left unanswered are asked again in a
     * round of their own, the messages held meanwhile are handled, and an end or failure that came meanwhile is
     * reported to the call.
     */
    void resume(RequestState state) {
        parked = false;
        pendingCallId = null;
        JsonNode responses = call.request().params().path(RetryCheck.INPUT_RESPONSES);
        state.keys().forEach((key, upstreamId) -> {
            JsonRpcRequest asked = awaitingAnswer.get(upstreamId);
            JsonNode answer = responses.get(key);
            if (asked == null || answer == null || !answer.isObject()) {
                return;
            }
            awaitingAnswer.remove(upstreamId);
            call.answerUpstream(upstreamId, new UpstreamAnswer(answer, null));
        });
        List<JsonRpcRequest> unanswered = List.copyOf(awaitingAnswer.values());
        awaitingAnswer.clear();
        unanswered.forEach(this::onServerRequest);
        List<JsonRpcMessage> meanwhile = List.copyOf(heldMessages);
        heldMessages.clear();
        meanwhile.forEach(call::onMessage);
        if (upstreamFailure != null && !call.isDone() && !parked) {
            call.failMidAnswer(upstreamFailure);
        } else if (upstreamEnded && !call.isDone() && !parked) {
            call.onUpstreamEnd();
        }
    }

    /** Whether the call is parked in round {@code roundId}. */
    boolean isParkedIn(String roundId) {
        return parked && roundId.equals(pendingCallId);
    }

    /**
     * The round's deadline passed (or the gateway stops): the upstream's questions are answered "cancel".
     *
     * @return completes once the upstream took the answers (or could not be reached)
     */
    private CompletableFuture<Void> abandon() {
        List<CompletableFuture<?>> answers = new ArrayList<>();
        awaitingAnswer.forEach((id, asked) -> answers.add(call.answerUpstream(id,
                UpstreamAnswer.cancel(asked.method()))));
        awaitingAnswer.clear();
        parked = false;
        pendingCallId = null;
        return CompletableFuture.allOf(answers.toArray(CompletableFuture[]::new));
    }

    /**
     * Ends round {@code roundId} for {@code reason} (its deadline passed, or the gateway stops): the upstream's
     * questions are answered "cancel", the call is cancelled upstream and its session released. From any thread.
     *
     * @return completes once the upstream has taken the answers and the cancellation (or could not be reached)
     */
    CompletableFuture<Void> abandonRound(String roundId, String reason) {
        CompletableFuture<Void> abandoned = new CompletableFuture<>();
        try {
            home.execute(() -> {
                if (call.isDone() || !isParkedIn(roundId)) {
                    abandoned.complete(null);
                    return;
                }
                log.info("[{}] {} for a call waiting for input on {}; cancelling it", call.logId(), reason,
                        call.upstreamName());
                CompletableFuture<Void> answered = abandon();
                CompletableFuture<?> cancelled = call.cancelUpstream(reason);
                call.end();
                CompletableFuture.allOf(answered, cancelled).whenComplete((ignored, failure) ->
                        abandoned.complete(null));
            });
        } catch (RejectedExecutionException stopped) {
            abandoned.complete(null);
        }
        return abandoned;
    }

    /** The call ended: the gathering timer stops and the round no longer waits. */
    void close() {
        if (gatherTimer != null) {
            gatherTimer.cancel(false);
            gatherTimer = null;
        }
        if (pendingCallId != null) {
            bridge.inputRounds().pending().remove(pendingCallId);
            pendingCallId = null;
        }
    }

    private static ObjectNode paramsOf(JsonRpcRequest modern) {
        return modern.params() == null ? JsonNodeFactory.instance.objectNode() : modern.params();
    }
}
