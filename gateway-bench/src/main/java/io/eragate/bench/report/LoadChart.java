package io.eragate.bench.report;

import io.eragate.bench.load.LatencySummary;
import io.eragate.bench.load.LoadResults;
import io.eragate.bench.load.ProfileResult;
import io.eragate.bench.load.Scenario;
import io.eragate.bench.load.ScenarioResult;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.function.ToDoubleFunction;

/**
 * The chart of a harness run: closed-loop throughput per profile, then the latency percentiles of each profile.
 * Scenarios that did not run keep their colour in the legend, marked as not measured, and draw "n/a".
 */
public final class LoadChart {
    private static final List<String> PERCENTILES = List.of("p50", "p90", "p99", "p99.9");
    private static final List<ToDoubleFunction<LatencySummary>> PERCENTILE_VALUES = List.of(
            LatencySummary::p50Micros, LatencySummary::p90Micros, LatencySummary::p99Micros,
            LatencySummary::p999Micros);

    private LoadChart() {
    }

    /** The SVG text. */
    public static String render(LoadResults results) {
        Objects.requireNonNull(results, "results");
        List<Scenario> scenarios = scenariosIn(results);
        List<SvgBarChart.Series> series = new ArrayList<>();
        for (Scenario scenario : scenarios) {
            boolean measured = results.profiles().stream().anyMatch(p -> p.measured(scenario).isPresent());
            series.add(new SvgBarChart.Series(scenario.label() + (measured ? "" : " (not measured)"),
                    ScenarioStyle.color(scenario)));
        }
        List<SvgBarChart.Panel> panels = new ArrayList<>();
        List<ProfileResult> closed = results.profiles().stream().filter(p -> "CLOSED".equals(p.mode())).toList();
        if (!closed.isEmpty()) {
            double[][] values = new double[closed.size()][scenarios.size()];
            List<String> groups = new ArrayList<>();
            for (int g = 0; g < closed.size(); g++) {
                ProfileResult profile = closed.get(g);
                groups.add(profile.connections() + (profile.connections() == 1 ? " connection" : " connections"));
                for (int s = 0; s < scenarios.size(); s++) {
                    values[g][s] = profile.measured(scenarios.get(s)).map(ScenarioResult::throughput)
                            .orElse(Double.NaN);
                }
            }
            panels.add(new SvgBarChart.Panel("Throughput, closed loop (higher is better)", "requests per second",
                    groups, series, values, false));
        }
        for (ProfileResult profile : results.profiles()) {
            double[][] values = new double[PERCENTILES.size()][scenarios.size()];
            for (int g = 0; g < PERCENTILES.size(); g++) {
                for (int s = 0; s < scenarios.size(); s++) {
                    ToDoubleFunction<LatencySummary> pick = PERCENTILE_VALUES.get(g);
                    values[g][s] = profile.measured(scenarios.get(s)).map(r -> pick.applyAsDouble(r.latency()))
                            .orElse(Double.NaN);
                }
            }
            panels.add(new SvgBarChart.Panel("Latency, " + describe(profile) + " (lower is better, log scale)",
                    "microseconds", PERCENTILES, series, values, true));
        }
        return SvgBarChart.render("Eragate load harness (" + results.plan() + " run, " + results.startedAt() + ")",
                panels);
    }

    static String describe(ProfileResult profile) {
        if ("OPEN".equals(profile.mode())) {
            return String.format(Locale.ROOT, "open loop at %,.0f req/s", profile.ratePerSecond());
        }
        return "closed loop, " + profile.connections() + (profile.connections() == 1 ? " connection" : " connections");
    }

    /** Every scenario the results mention, in declaration order. */
    static List<Scenario> scenariosIn(LoadResults results) {
        List<Scenario> out = new ArrayList<>();
        for (Scenario scenario : Scenario.values()) {
            boolean present = results.profiles().stream().flatMap(p -> p.scenarios().stream())
                    .anyMatch(s -> s.scenario().equals(scenario.key()));
            if (present) {
                out.add(scenario);
            }
        }
        return out;
    }
}
