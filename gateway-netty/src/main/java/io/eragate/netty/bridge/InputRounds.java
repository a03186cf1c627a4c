package io.eragate.netty.bridge;

import io.eragate.core.config.MrtrConfig;
import io.eragate.core.jsonrpc.JsonRpcRequest;
import io.eragate.core.mrtr.PendingRounds;
import io.eragate.core.mrtr.RequestStateVerifier;
import io.eragate.core.mrtr.RetryCheck;
import io.eragate.core.mrtr.RoundLimits;
import io.eragate.core.security.StateSealer;
import java.security.SecureRandom;
import java.time.Clock;
import java.time.Duration;
import java.util.HexFormat;
import java.util.concurrent.CompletableFuture;

/**
 * What the bridge shares for multi round-trip requests: the sealer of {@code requestState}, this instance's id, and
 * the upstream calls that wait for a client's retry.
 */
final class InputRounds {
    private static final SecureRandom RANDOM = new SecureRandom();
    /** Rounds waiting across all principals; a bound on memory, not a setting operators need. */
    private static final int MAX_PENDING_TOTAL = 10_000;

    private final MrtrConfig config;
    private final Clock clock;
    private final String instanceId;
    private final RequestStateVerifier verifier;
    private final PendingRounds<BridgeExchange> pending;

    InputRounds(MrtrConfig config, StateSealer sealer, Clock clock) {
        this.config = config;
        this.clock = clock;
        this.instanceId = config.instanceId().isEmpty() ? "eragate-" + randomHex(6) : config.instanceId();
        this.verifier = new RequestStateVerifier(sealer);
        this.pending = new PendingRounds<>(clock, new RoundLimits(config.maxPendingPerPrincipal(),
                Math.max(MAX_PENDING_TOTAL, config.maxPendingPerPrincipal()), config.maxRounds()));
    }

    /** A fresh id for one round of a pending call. */
    String newPendingCallId() {
        return randomHex(16);
    }

    private static String randomHex(int bytes) {
        byte[] random = new byte[bytes];
        RANDOM.nextBytes(random);
        return HexFormat.of().formatHex(random);
    }

    String instanceId() {
        return instanceId;
    }

    Clock clock() {
        return clock;
    }

    RequestStateVerifier verifier() {
        return verifier;
    }

    PendingRounds<BridgeExchange> pending() {
        return pending;
    }

    /**
     * A retry's claim on the call it resumes.
     *
     * @param outcome the check of its {@code requestState}: refused, sent again, or resuming a parked call
     * @param call the parked call, claimed for the retry alone; for a {@link RetryCheck.Outcome.Resume} only
     */
    record Claim(RetryCheck.Outcome outcome, BridgeExchange call) {
    }

    /**
     * Checks {@code retry}'s {@code requestState} for {@code principal} and, when it resumes a parked call, claims
     * that call; a call no longer waiting (resumed already, timed out, ended) makes the retry refused.
     */
    Claim claim(JsonRpcRequest retry, String principal) {
        RetryCheck.Outcome outcome = RetryCheck.check(retry.params(), verifier, principal, retry.method(),
                clock.instant(), instanceId);
        if (!(outcome instanceof RetryCheck.Outcome.Resume resume)) {
            return new Claim(outcome, null);
        }
        return pending.claim(resume.state().pendingCallId(), principal).map(call -> new Claim(outcome, call))
                .orElseGet(() -> new Claim(new RetryCheck.Outcome.Refused("the call this requestState resumes is no "
                        + "longer waiting: it was resumed already, timed out, or ended"), null));
    }

    Duration roundTimeout() {
        return config.roundTimeout();
    }

    Duration gatherWindow() {
        return config.gatherWindow();
    }

    /**
     * Abandons every waiting round: the gateway is shutting down and no retry will find it.
     *
     * @return completes once every abandoned call's upstream took its answers and cancellation
     */
    CompletableFuture<Void> abandonAll() {
        return CompletableFuture.allOf(pending.removeAll().stream()
                .map(round -> round.call().abandon(round.pendingCallId(), "the gateway is shutting down"))
                .toArray(CompletableFuture[]::new));
    }

    /** Hands every round past its deadline to its call, on that call's event loop, to be abandoned. */
    void sweep() {
        for (PendingRounds.Round<BridgeExchange> round : pending.expired()) {
            // The round's deadline passed: the client never came back.
            round.call().abandon(round.pendingCallId(), "the client did not answer the input requests in time");
        }
    }
}
