package io.eragate.bench.load;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * Everything one harness run measured; written as {@code load-results.json} and read back by the report writer.
 *
 * @param plan {@link LoadPlan#name()}
 * @param startedAt ISO-8601 instant the run began
 * @param rounds rounds per profile
 * @param initialWarmupSeconds per scenario, before the first profile
 * @param maxRequestsPerRound the cap on requests per round
 * @param commands the command line of each process the run started
 * @param scenarioDescriptions each scenario's key and what it measures, in order
 * @param profiles one result per profile, in run order
 * @param loadAverage the machine's load averages ({@code /proc/loadavg}: 1, 5 and 15 minutes) when the run began and
 *     when it ended, or {@code null} when unknown: how busy the machine was besides the run
 */
public record LoadResults(String plan, String startedAt, int rounds, double initialWarmupSeconds,
        long maxRequestsPerRound, Map<String, String> commands, Map<String, String> scenarioDescriptions,
        List<ProfileResult> profiles, String loadAverage) {

    /** Results without the load average. */
    public LoadResults(String plan, String startedAt, int rounds, double initialWarmupSeconds,
            long maxRequestsPerRound, Map<String, String> commands, Map<String, String> scenarioDescriptions,
            List<ProfileResult> profiles) {
        this(plan, startedAt, rounds, initialWarmupSeconds, maxRequestsPerRound, commands, scenarioDescriptions,
                profiles, null);
    }

    public LoadResults {
        Objects.requireNonNull(plan, "plan");
        commands = Collections.unmodifiableMap(new LinkedHashMap<>(commands));
        scenarioDescriptions = Collections.unmodifiableMap(new LinkedHashMap<>(scenarioDescriptions));
        profiles = List.copyOf(profiles);
    }

    /** The profile called {@code name}, if it ran. */
    public Optional<ProfileResult> profile(String name) {
        return profiles.stream().filter(p -> p.name().equals(name)).findFirst();
    }
}
