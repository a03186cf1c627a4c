package io.eragate.bench.load;

import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * Every scenario under one load profile.
 *
 * @param name {@link LoadProfile#name()}
 * @param title {@link LoadProfile#title()}
 * @param mode {@code CLOSED} or {@code OPEN}
 * @param connections fixed concurrency (closed) or initial connections (open)
 * @param ratePerSecond the open-loop rate actually used; 0 for closed loop
 * @param warmupSeconds per round
 * @param measureSeconds per round
 * @param scenarios in {@link Scenario} order, measured or not
 */
public record ProfileResult(String name, String title, String mode, int connections, double ratePerSecond,
        double warmupSeconds, double measureSeconds, List<ScenarioResult> scenarios) {

    public ProfileResult {
        Objects.requireNonNull(name, "name");
        scenarios = List.copyOf(scenarios);
    }

    /** The result of {@code scenario} when it was measured. */
    public Optional<ScenarioResult> measured(Scenario scenario) {
        return scenarios.stream().filter(s -> s.scenario().equals(scenario.key()) && s.measured()).findFirst();
    }
}
