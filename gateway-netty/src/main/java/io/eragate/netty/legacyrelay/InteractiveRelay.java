package io.eragate.netty.legacyrelay;

import com.fasterxml.jackson.databind.JsonNode;
import io.eragate.core.jsonrpc.JsonRpcCodec;
import io.eragate.core.jsonrpc.JsonRpcError;
import io.eragate.core.jsonrpc.JsonRpcErrorCodes;
import io.eragate.core.jsonrpc.JsonRpcRequest;
import io.eragate.core.jsonrpc.JsonRpcResponse;
import io.eragate.core.legacyrelay.AwaitedAnswers;
import io.eragate.core.legacyrelay.RelayedRequest;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.util.concurrent.EventExecutor;
import io.netty.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One legacy client request whose modern upstream asked for input: from the first {@code input_required} on, the
 * relay holds the client's POST answer open as an SSE stream, sends the input requests to the client on it, waits
 * (at most {@code mrtr.roundTimeout}) for the client's answers, which arrive on other connections and are routed
 * here by {@link AwaitedAnswers}, sends the retry upstream, and relays what comes back, round after round, until
 * the upstream's final answer ends the stream. The decisions are {@link RelayedRequest}'s.
 *
 * <p>Threading: everything runs on the client channel's event loop; {@link #onClientAnswer} and {@link #cancel}
 * hop there from any thread.
 */
public final class InteractiveRelay {
    private static final Logger log = LoggerFactory.getLogger(InteractiveRelay.class);

    /** Sends a later round's canonical request to the upstream that served the first. */
    public interface Upstream {
        /** Starts the call; its messages go to {@code listener}; null when it failed at once (listener told). */
        OpenCall send(JsonRpcRequest modern, MessageStreamCall.Listener listener);

        /**
         * Who this upstream serves calls for (the upstream, the whole principal, the name served under), compared by
         * {@code equals}, so that identical listens of several sessions can share one stream; null when its calls must
         * not be shared.
         */
        default Object sharingKey() {
            return null;
        }
    }

    /** Turns the upstream's final (modern) message into what the legacy client gets. */
    public interface Translation {
        /** The legacy message's bytes. */
        byte[] toLegacy(JsonNode modern);
    }

    private final EventExecutor loop;
    private final RelayedStream stream;
    private final RelayedRequest decisions;
    private final String sessionId;
    private final String principal;
    private final LegacyRelays relays;
    private final Upstream upstream;
    private final Translation translation;
    private final RunningRequest running;
    private final ChannelFuture closeFuture;
    private final ChannelFutureListener onClientGone = closed -> cancel();
    private OpenCall call;
    private String roundId;
    private ScheduledFuture<?> roundTimeout;
    private ScheduledFuture<?> keepAlive;

    InteractiveRelay(ChannelHandlerContext client, boolean keepAliveConnection, RelayedRequest decisions,
            String sessionId, String principal, LegacyRelays relays, Upstream upstream, Translation translation,
            RunningRequest running) {
        this.loop = client.executor();
        this.stream = new RelayedStream(client, keepAliveConnection);
        this.decisions = decisions;
        this.sessionId = sessionId;
        this.principal = principal;
        this.relays = relays;
        this.upstream = upstream;
        this.translation = translation;
        this.running = running;
        running.cancelWith(this::cancel);
        this.closeFuture = client.channel().closeFuture();
        closeFuture.addListener(onClientGone);
    }

    /** Takes over the request at its first {@code input_required} answer (the client's stream is open). */
    void start(JsonNode inputRequired) {
        long interval = relays.keepAliveInterval().toNanos();
        keepAlive = loop.scheduleAtFixedRate(stream::keepAlive, interval, interval, TimeUnit.NANOSECONDS);
        apply(decisions.onUpstreamMessage(inputRequired));
    }

    /** The client's answer to one of this request's server-to-client requests. */
    public void onClientAnswer(JsonRpcResponse answer) {
        if (!loop.inEventLoop()) {
            loop.execute(() -> onClientAnswer(answer));
            return;
        }
        RelayedRequest.Step step = decisions.onClientAnswer(answer);
        if (!(step instanceof RelayedRequest.Step.Nothing)) {
            endRound();
        }
        apply(step);
    }

    /** The client cancelled the request, or its connection closed: the upstream call (if any) is closed. */
    public void cancel() {
        if (!loop.inEventLoop()) {
            loop.execute(this::cancel);
            return;
        }
        if (decisions.ended() && stream.ended()) {
            return;
        }
        decisions.cancel();
        if (call != null) {
            call.abort();
        }
        stream.end(null);
        finish();
    }

    private void apply(RelayedRequest.Step step) {
        if (step instanceof RelayedRequest.Step.Notify notify) {
            stream.send(JsonRpcCodec.encode(notify.notification()));
        } else if (step instanceof RelayedRequest.Step.AskClient ask) {
            askClient(ask);
        } else if (step instanceof RelayedRequest.Step.Retry retry) {
            call = upstream.send(retry.request(), new UpstreamListener());
        } else if (step instanceof RelayedRequest.Step.Answer answer) {
            stream.end(translation.toLegacy(answer.message()));
            finish();
        } else if (step instanceof RelayedRequest.Step.Fail fail) {
            stream.end(JsonRpcCodec.encode(fail.response()));
            finish();
        }
    }

    private void askClient(RelayedRequest.Step.AskClient ask) {
        AwaitedAnswers.Registration registration = relays.awaited().register(sessionId, principal,
                decisions.awaitedIds(), this);
        if (!registration.registered()) {
            apply(decisions.onUpstreamGone(JsonRpcError.of(JsonRpcErrorCodes.INTERNAL_ERROR,
                    "The gateway cannot relay the upstream's input request now: " + registration.refusal())));
            return;
        }
        roundId = registration.roundId();
        ask.requests().forEach(request -> stream.send(JsonRpcCodec.encode(request)));
        roundTimeout = loop.schedule(() -> {
            endRound();
            apply(decisions.onRoundTimeout(relays.roundTimeout()));
        }, relays.roundTimeout().toNanos(), TimeUnit.NANOSECONDS);
    }

    private void endRound() {
        if (roundTimeout != null) {
            roundTimeout.cancel(false);
            roundTimeout = null;
        }
        if (roundId != null) {
            relays.awaited().finish(roundId);
            roundId = null;
        }
    }

    private void finish() {
        endRound();
        if (keepAlive != null) {
            keepAlive.cancel(false);
            keepAlive = null;
        }
        relays.inFlight().end(sessionId, decisions.id(), running);
        running.answered();
        closeFuture.removeListener(onClientGone);
    }

    /** The messages of a retry. */
    private final class UpstreamListener implements MessageStreamCall.Listener {

        @Override
        public void onMessage(JsonNode message) {
            RelayedRequest.Step step = decisions.onUpstreamMessage(message);
            apply(step);
        }

        @Override
        public void onEnd(int status) {
            apply(decisions.onUpstreamGone(JsonRpcError.of(JsonRpcErrorCodes.INTERNAL_ERROR,
                    "The upstream ended its answer without a response (HTTP " + status + ")")));
        }

        @Override
        public void onFailure(Throwable cause) {
            log.debug("a retry of a relayed request failed: {}", cause.toString());
            apply(decisions.onUpstreamGone(JsonRpcError.of(JsonRpcErrorCodes.INTERNAL_ERROR,
                    "The upstream could not be reached for the request's next round")));
        }
    }
}
