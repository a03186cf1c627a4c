package io.eragate.core.config;

import java.time.Duration;
import java.util.List;
import java.util.Objects;

/**
 * Multi round-trip requests through the legacy bridge: how {@code requestState} is sealed and which instance owns a
 * pending upstream call. Defaults and ranges are set in {@code ConfigReader#mrtr} and listed in
 * {@code docs/configuration.md}.
 *
 * @param stateSecrets           secrets the {@code requestState} keys are derived from: the first seals, all open;
 *                               empty means a random key per process (one instance only)
 * @param instanceId             this instance's name inside {@code requestState}; empty means a random id per process
 * @param roundTimeout           how long a call waiting for input waits for the client's retry (default 60s)
 * @param maxPendingPerPrincipal calls one principal may have waiting for input at once (default 16)
 * @param maxRounds              times one call may ask for input (default 8)
 * @param gatherWindow           upstream requests arriving within this of the first are sent in one result
 *                               (default 10ms)
 */
public record MrtrConfig(List<String> stateSecrets, String instanceId, Duration roundTimeout,
        int maxPendingPerPrincipal, int maxRounds, Duration gatherWindow) {

    public MrtrConfig {
        stateSecrets = List.copyOf(stateSecrets);
        Objects.requireNonNull(instanceId, "instanceId");
        Objects.requireNonNull(roundTimeout, "roundTimeout");
        Objects.requireNonNull(gatherWindow, "gatherWindow");
    }

    /** Every key at its default. */
    public static MrtrConfig defaults() {
        return ConfigReader.DEFAULT_MRTR;
    }

    /** The secrets must not show up in logs or dumps of the configuration. */
    @Override
    public String toString() {
        return "MrtrConfig[stateSecrets=" + stateSecrets.size() + " configured, instanceId=" + instanceId
                + ", roundTimeout=" + roundTimeout + ", maxPendingPerPrincipal=" + maxPendingPerPrincipal
                + ", maxRounds=" + maxRounds + ", gatherWindow=" + gatherWindow + "]";
    }
}
