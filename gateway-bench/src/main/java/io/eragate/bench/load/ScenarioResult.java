package io.eragate.bench.load;

import java.util.List;
import java.util.Objects;

/**
 * One scenario under one profile, all rounds merged: throughput is total answers over total measured time, latency
 * comes from the merged histogram, CPU from summed CPU over summed windows.
 *
 * @param scenario {@link Scenario#key()}
 * @param label {@link Scenario#label()}
 * @param status {@code measured}, {@code pending} (the feature is not built yet) or {@code unavailable} (a tool is
 *     missing on this machine)
 * @param note why it was not measured, or {@code null}
 * @param throughput successful answers per second over all rounds
 * @param latency merged percentiles
 * @param completed successful answers in all windows
 * @param succeeded successful answers in any phase of any round
 * @param errors failures in any phase of any round
 * @param dropped open-loop drops over all rounds
 * @param unfinished requests unanswered at round ends
 * @param unsent open-loop requests never sent at round ends
 * @param rounds each round on its own, to show the drift between rounds
 * @param resources CPU and memory, or {@code null} when not measured
 */
public record ScenarioResult(String scenario, String label, String status, String note, double throughput,
        LatencySummary latency, long completed, long succeeded, long errors, long dropped, long unfinished, long unsent,
        List<RoundResult> rounds, ResourceSummary resources) {

    /** {@link #status()} of a scenario that ran. */
    public static final String MEASURED = "measured";
    /** {@link #status()} of a scenario whose feature is not built yet. */
    public static final String PENDING = "pending";
    /** {@link #status()} of a scenario that needs a tool this machine lacks. */
    public static final String UNAVAILABLE = "unavailable";

    public ScenarioResult {
        Objects.requireNonNull(scenario, "scenario");
        Objects.requireNonNull(status, "status");
        rounds = rounds == null ? List.of() : List.copyOf(rounds);
    }

    /** A scenario that did not run, with the reason. */
    public static ScenarioResult notMeasured(Scenario scenario, String status, String note) {
        return new ScenarioResult(scenario.key(), scenario.label(), status, note, 0, null, 0, 0, 0, 0, 0, 0, List.of(),
                null);
    }

    public boolean measured() {
        return MEASURED.equals(status);
    }
}
