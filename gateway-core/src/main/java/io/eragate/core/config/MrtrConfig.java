package io.eragate.core.config;

import java.time.Duration;
import java.util.Objects;

/**
 * Multi round-trip requests through the legacy bridge: which instance owns a pending upstream call (the
 * {@code requestState} keys are the gateway's key ring, {@code security.secrets}). Defaults and ranges are set in
 * {@code ConfigReader#mrtr} and listed in {@code docs/configuration.md}.
 *
 * @param instanceId             this instance's name inside {@code requestState}; empty means a random id per process
 * @param roundTimeout           how long a call waiting for input waits for the client's retry (default 60s)
 * @param maxPendingPerPrincipal calls one principal may have waiting for input at once (default 16)
 * @param maxRounds              times one call may ask for input (default 8)
 * @param gatherWindow           upstream requests arriving within this of the first are sent in one result
 *                               (default 10ms)
 * @param sessionCapabilities    what a pooled upstream session declares in its {@code initialize} (default
 *                               {@code as-declared})
 */
public record MrtrConfig(String instanceId, Duration roundTimeout,
        int maxPendingPerPrincipal, int maxRounds, Duration gatherWindow, SessionCapabilities sessionCapabilities) {

    public MrtrConfig {
        Objects.requireNonNull(instanceId, "instanceId");
        Objects.requireNonNull(roundTimeout, "roundTimeout");
        Objects.requireNonNull(gatherWindow, "gatherWindow");
        Objects.requireNonNull(sessionCapabilities, "sessionCapabilities");
    }

    /** Every key at its default. */
    public static MrtrConfig defaults() {
        return ConfigReader.DEFAULT_MRTR;
    }

    /**
     * The client capabilities a pooled upstream session declares; YAML {@code as-declared} or {@code relayable}.
     *
     * <p>{@code AS_DECLARED} (the default): exactly what the modern requests it serves declared, one session per
     * capability set, so a legacy server that adapts to a client without, say, sampling keeps its own judgement of
     * what it needs (and answers in-band where it cannot do without).
     *
     * <p>{@code RELAYABLE}: everything the gateway can relay as an input request (form and url elicitation, sampling
     * with tools and context, roots), so requests of any capabilities share one session and the server may ask for
     * anything. What the request did not declare is declined upstream when the same round asks for something it
     * did, and fails the request with -32021 naming it when the round asks for nothing else, as a 2026-07-28 server
     * would answer; a tool that asks for an optional capability only when the client has it then fails with -32021
     * instead of running without it.
     */
    public enum SessionCapabilities { AS_DECLARED, RELAYABLE }
}
