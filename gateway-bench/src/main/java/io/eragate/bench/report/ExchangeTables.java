package io.eragate.bench.report;

import io.eragate.bench.load.LoadResults;
import io.eragate.bench.load.ProfileResult;
import io.eragate.bench.load.ResourceSummary;
import io.eragate.bench.load.Scenario;
import io.eragate.bench.load.ScenarioResult;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalDouble;

/**
 * The markdown of the exchanges measured against a pass-through line in the same rounds (issue 16): the legacy-client
 * front against the {@code tools/call} pass-through, and the federated {@code tools/list} over three upstreams,
 * cached and uncached, against a single pass-through {@code tools/list}; in a {@code --compare} run also the baseline
 * jar's front (against its own pass-through) and cached federated list.
 */
public final class ExchangeTables {
    private static final String NONE = "—";

    /**
     * One comparison: {@code scenario}'s throughput over {@code line}'s in the same profile, with the lower
     * bound on that ratio ({@code NaN}: reported, no target).
     */
    public record Comparison(Scenario scenario, Scenario line, double target, String targetText) {
        public Comparison {
            Objects.requireNonNull(scenario, "scenario");
            Objects.requireNonNull(line, "line");
        }

        /** Whether the issue sets a target on this ratio. */
        public boolean hasTarget() {
            return !Double.isNaN(target);
        }
    }

    /** The comparisons of the report, in order. */
    public static final List<Comparison> COMPARISONS = List.of(
            new Comparison(Scenario.LEGACY_FRONT, Scenario.ERAGATE_PASS_THROUGH, 0.9,
                    "Legacy-client front ≥ 0.9× the pass-through"),
            new Comparison(Scenario.LEGACY_FRONT_BASELINE, Scenario.ERAGATE_BASELINE, Double.NaN, null),
            new Comparison(Scenario.FEDERATED_LIST_CACHED, Scenario.LIST_PASS_THROUGH, 0.9,
                    "Cached federated tools/list (3 upstreams) ≥ 0.9× a single pass-through tools/list"),
            new Comparison(Scenario.FEDERATED_LIST_CACHED_BASELINE, Scenario.LIST_PASS_THROUGH, Double.NaN, null),
            new Comparison(Scenario.FEDERATED_LIST_UNCACHED, Scenario.LIST_PASS_THROUGH, Double.NaN, null),
            new Comparison(Scenario.BRIDGE_POOLED_BASELINE, Scenario.ERAGATE_BASELINE, Double.NaN, null));

    /** The closed-loop profiles whose ratios the summary's target rows give. */
    private static final List<String> TARGET_PROFILES = List.of("concurrent", "concurrent64");

    private ExchangeTables() {
    }

    /** {@code comparison}'s ratio of throughputs in {@code profile}, when both ran. */
    public static OptionalDouble ratio(ProfileResult profile, Comparison comparison) {
        return Ratios.throughput(profile, comparison.scenario(), comparison.line());
    }

    /**
     * The summary's target rows: each targeted comparison at 16 and 64 connections; a comparison whose scenario was
     * not in the run says so once, with the reason the run recorded.
     */
    public static String targetRows(LoadResults results) {
        Objects.requireNonNull(results, "results");
        StringBuilder md = new StringBuilder();
        for (Comparison comparison : COMPARISONS) {
            if (!comparison.hasTarget()) {
                continue;
            }
            boolean any = false;
            for (String name : TARGET_PROFILES) {
                Optional<ProfileResult> profile = results.profile(name);
                OptionalDouble value = profile.map(p -> ratio(p, comparison)).orElse(OptionalDouble.empty());
                if (value.isEmpty()) {
                    continue;
                }
                any = true;
                md.append(LoadTables.targetRow(comparison.targetText() + " (closed loop, "
                        + profile.get().connections() + " connections)", value, comparison.target(), true,
                        OptionalDouble.empty()));
            }
            if (!any) {
                md.append("| ").append(comparison.targetText()).append(" | not measured: ")
                        .append(whyNotMeasured(results, comparison)).append(" | ").append(NONE).append(" |\n");
            }
        }
        return md.toString();
    }

    private static String whyNotMeasured(LoadResults results, Comparison comparison) {
        for (Scenario scenario : List.of(comparison.scenario(), comparison.line())) {
            Optional<String> note = results.profiles().stream().flatMap(p -> p.scenarios().stream())
                    .filter(s -> s.scenario().equals(scenario.key()) && !s.measured())
                    .map(ScenarioResult::note).filter(n -> n != null && !n.isBlank()).findFirst();
            if (note.isPresent()) {
                return scenario.key() + ": " + note.get();
            }
        }
        return comparison.scenario().key() + " and " + comparison.line().key() + " were not both in this run";
    }

    /**
     * Per profile, each compared scenario and its line side by side: throughput, ratio, latency, and the hop's CPU
     * and heap per request. Empty when no comparison ran.
     */
    public static String table(LoadResults results) {
        Objects.requireNonNull(results, "results");
        StringBuilder md = new StringBuilder();
        md.append(LoadTables.header("Profile", "Scenario", "Against", "req/s", "× against req/s", "p50 µs", "p99 µs",
                "hop CPU µs/request", "hop B/request"));
        boolean any = false;
        for (ProfileResult p : results.profiles()) {
            Scenario listed = null;
            for (Comparison comparison : COMPARISONS) {
                Optional<ScenarioResult> measured = p.measured(comparison.scenario());
                Optional<ScenarioResult> line = p.measured(comparison.line());
                if (measured.isEmpty() || line.isEmpty()) {
                    continue;
                }
                if (comparison.line() != listed) {
                    // Comparisons sharing a line are adjacent: the line is listed once, above them.
                    row(md, p, line.get(), comparison.line(), null);
                    listed = comparison.line();
                }
                any = true;
                row(md, p, measured.get(), comparison.line(), ratio(p, comparison));
            }
        }
        return any ? md.toString() : "";
    }

    private static void row(StringBuilder md, ProfileResult p, ScenarioResult r, Scenario line,
            OptionalDouble ratio) {
        ResourceSummary s = r.resources();
        md.append(LoadTables.row(LoadChart.describe(p),
                r.label(),
                ratio == null ? "(the line)" : line.label(),
                LoadTables.number(r.throughput()),
                ratio == null ? NONE : LoadTables.ratio(ratio),
                LoadTables.number(r.latency().p50Micros()),
                LoadTables.number(r.latency().p99Micros()),
                LoadTables.number(s == null ? null : s.hopCpuMicrosPerRequest()),
                LoadTables.bytes(s == null ? null : s.hopAllocatedBytesPerRequest())));
    }
}
