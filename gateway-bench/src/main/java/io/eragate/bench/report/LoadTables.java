package io.eragate.bench.report;

import io.eragate.bench.load.CapacityResult;
import io.eragate.bench.load.LatencySummary;
import io.eragate.bench.load.LoadResults;
import io.eragate.bench.load.ProfileResult;
import io.eragate.bench.load.ResourceSummary;
import io.eragate.bench.load.Scenario;
import io.eragate.bench.load.ScenarioResult;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.stream.Collectors;

/** The markdown tables of a harness run: targets, ratios, and per profile the results and resource use. */
public final class LoadTables {
    private static final String NONE = "—";
    private static final double MIB = 1024.0 * 1024.0;
    /** The closed-loop profiles (16 and 64 connections) whose throughput ratios the issue sets targets on. */
    private static final List<String> TARGET_PROFILES = List.of("concurrent", "concurrent64");

    private LoadTables() {
    }

    /** Targets of issue 16 against what this run measured, without a capacity run. */
    public static String targets(LoadResults results) {
        return targets(results, Optional.empty());
    }

    /** Targets of issue 16 against what this run measured; the heap-per-stream row comes from {@code capacity}. */
    public static String targets(LoadResults results, Optional<CapacityResult> capacity) {
        return targets(results, capacity, Optional.empty());
    }

    /**
     * Targets of issue 16 against what this run measured; the heap rows come from {@code capacity} (idle listen
     * streams) and {@code sessions} (idle legacy-client sessions).
     */
    public static String targets(LoadResults results, Optional<CapacityResult> capacity,
            Optional<CapacityResult> sessions) {
        Objects.requireNonNull(results, "results");
        StringBuilder md = new StringBuilder();
        md.append("| Target (issue 16; reported, not asserted) | Measured | Met? |\n|---|---|---|\n");
        for (String name : TARGET_PROFILES) {
            Optional<ProfileResult> profile = results.profile(name);
            OptionalDouble vsNginx = profile.map(p -> Ratios.throughput(p, Scenario.ERAGATE_PASS_THROUGH,
                    Scenario.NGINX)).orElse(OptionalDouble.empty());
            md.append(targetRow("Pass-through throughput ≥ 1.0× nginx (" + closedLoop(profile, name) + ")",
                    vsNginx, 1.0, true, OptionalDouble.empty()));
        }
        md.append(serialAddedRow(results.profile("serial")));
        Optional<ProfileResult> open = results.profile("open");
        md.append(targetRow("Pass-through p99 ≤ 1.1× nginx's (" + open.map(LoadChart::describe)
                        .orElse("open loop at a fixed rate") + ")",
                open.map(p -> Ratios.p99(p, Scenario.ERAGATE_PASS_THROUGH, Scenario.NGINX))
                        .orElse(OptionalDouble.empty()), 1.1, false, OptionalDouble.empty()));
        for (String name : TARGET_PROFILES) {
            Optional<ProfileResult> profile = results.profile(name);
            String target = "Warm bridged call ≥ 0.95× the pass-through (" + closedLoop(profile, name) + ")";
            OptionalDouble bridged = profile.map(p -> Ratios.throughput(p, Scenario.ERAGATE_BRIDGE_POOLED,
                    Scenario.ERAGATE_PASS_THROUGH)).orElse(OptionalDouble.empty());
            Optional<String> why = profile.flatMap(p -> notMeasuredNote(p, Scenario.ERAGATE_BRIDGE_POOLED));
            md.append(bridged.isEmpty() && why.isPresent()
                    ? "| " + target + " | not measured: " + why.get() + " | " + NONE + " |\n"
                    : targetRow(target, bridged, 0.95, true, OptionalDouble.empty()));
        }
        md.append(ExchangeTables.targetRows(results));
        md.append(CapacityTables.targetRow(capacity));
        md.append(CapacityTables.targetRow(sessions, CapacityResult.LEGACY_SESSIONS));
        return md.toString();
    }

    private static String closedLoop(Optional<ProfileResult> profile, String name) {
        return "closed loop, " + profile.map(p -> p.connections() + " connections").orElse(name + " profile");
    }

    /**
     * Serial p50 added over direct ≤ nginx's: what the pass-through adds to a median call against what nginx adds,
     * both measured against the client calling the fixture itself in the same rounds.
     */
    private static String serialAddedRow(Optional<ProfileResult> serial) {
        String target = "Serial p50 added over direct ≤ nginx's (closed loop, 1 connection)";
        OptionalDouble eragate = serial.map(p -> Ratios.addedP50Micros(p, Scenario.ERAGATE_PASS_THROUGH,
                Scenario.DIRECT)).orElse(OptionalDouble.empty());
        OptionalDouble nginx = serial.map(p -> Ratios.addedP50Micros(p, Scenario.NGINX, Scenario.DIRECT))
                .orElse(OptionalDouble.empty());
        if (eragate.isEmpty() || nginx.isEmpty()) {
            return "| " + target + " | not measured in this run | " + NONE + " |\n";
        }
        boolean met = eragate.getAsDouble() <= nginx.getAsDouble();
        return "| " + target + " | " + micros(eragate) + " µs (nginx: " + micros(nginx) + " µs) | "
                + (met ? "yes" : "**no**") + " |\n";
    }

    /** Why {@code scenario} has no numbers in {@code profile}, when the run said. */
    private static Optional<String> notMeasuredNote(ProfileResult profile, Scenario scenario) {
        return profile.scenarios().stream()
                .filter(s -> s.scenario().equals(scenario.key()) && !s.measured())
                .map(ScenarioResult::note).filter(note -> note != null && !note.isBlank()).findFirst();
    }

    /** A target row; {@code nginxForComparison} is the same ratio for nginx, when it means something. */
    static String targetRow(String target, OptionalDouble value, double bound, boolean atLeast,
            OptionalDouble nginxForComparison) {
        if (value.isEmpty()) {
            return "| " + target + " | not measured in this run | " + NONE + " |\n";
        }
        boolean met = atLeast ? value.getAsDouble() >= bound : value.getAsDouble() <= bound;
        String comparison = nginxForComparison.isPresent() ? " (nginx: " + ratio(nginxForComparison) + ")" : "";
        return "| " + target + " | " + ratio(value) + comparison + " | " + (met ? "yes" : "**no**") + " |\n";
    }

    /** Eragate against nginx and direct (and pooled against per-call once the bridge runs), per profile. */
    public static String ratios(LoadResults results) {
        Objects.requireNonNull(results, "results");
        StringBuilder md = new StringBuilder();
        md.append(header("Profile", "Eragate/nginx req/s", "Eragate/direct req/s", "Eragate/nginx p50",
                "Eragate/direct p50", "Eragate/nginx p99", "Eragate/direct p99", "p50 added vs nginx (µs)",
                "p50 added vs direct (µs)", "pooled/per-call req/s"));
        Scenario e = Scenario.ERAGATE_PASS_THROUGH;
        for (ProfileResult p : results.profiles()) {
            md.append("| ").append(LoadChart.describe(p))
                    .append(" | ").append(ratio(Ratios.throughput(p, e, Scenario.NGINX)))
                    .append(" | ").append(ratio(Ratios.throughput(p, e, Scenario.DIRECT)))
                    .append(" | ").append(ratio(Ratios.p50(p, e, Scenario.NGINX)))
                    .append(" | ").append(ratio(Ratios.p50(p, e, Scenario.DIRECT)))
                    .append(" | ").append(ratio(Ratios.p99(p, e, Scenario.NGINX)))
                    .append(" | ").append(ratio(Ratios.p99(p, e, Scenario.DIRECT)))
                    .append(" | ").append(micros(Ratios.addedP50Micros(p, e, Scenario.NGINX)))
                    .append(" | ").append(micros(Ratios.addedP50Micros(p, e, Scenario.DIRECT)))
                    .append(" | ").append(ratio(Ratios.throughput(p, Scenario.ERAGATE_BRIDGE_POOLED,
                            Scenario.ERAGATE_BRIDGE_PER_CALL)))
                    .append(" |\n");
        }
        return md.toString();
    }

    /**
     * The pass-through variants against nginx, per profile: this build on epoll (the default) and on io_uring, and the
     * baseline build of a {@code --compare} run, each with its CPU and heap allocation per request. Rows of variants
     * that did not run are left out; empty when no variant ran.
     */
    public static String variants(LoadResults results) {
        Objects.requireNonNull(results, "results");
        Scenario[] hops = {Scenario.NGINX, Scenario.ERAGATE_BASELINE, Scenario.ERAGATE_PASS_THROUGH,
            Scenario.ERAGATE_IO_URING};
        StringBuilder md = new StringBuilder();
        md.append(header("Profile", "Hop", "req/s", "× nginx req/s", "p50 µs", "p99 µs", "hop CPU µs/request",
                "hop B/request"));
        boolean any = false;
        for (ProfileResult p : results.profiles()) {
            for (Scenario hop : hops) {
                Optional<ScenarioResult> measured = p.measured(hop);
                if (measured.isEmpty()) {
                    continue;
                }
                any |= hop != Scenario.NGINX;
                ScenarioResult r = measured.get();
                ResourceSummary s = r.resources();
                md.append(row(LoadChart.describe(p),
                        hop.label(),
                        number(r.throughput()),
                        ratio(Ratios.throughput(p, hop, Scenario.NGINX)),
                        number(r.latency().p50Micros()),
                        number(r.latency().p99Micros()),
                        number(s == null ? null : s.hopCpuMicrosPerRequest()),
                        bytes(s == null ? null : s.hopAllocatedBytesPerRequest())));
            }
        }
        return any ? md.toString() : "";
    }

    /** Throughput and latency of every scenario under {@code profile}. */
    public static String results(ProfileResult profile) {
        Objects.requireNonNull(profile, "profile");
        StringBuilder md = new StringBuilder();
        md.append(header("Scenario", "req/s", "req/s per round", "p50 µs", "p90 µs", "p99 µs", "p99.9 µs", "max µs",
                "answers", "errors"));
        for (ScenarioResult r : profile.scenarios()) {
            if (!r.measured()) {
                md.append("| ").append(r.label()).append(" | ").append(r.status()).append(": ").append(r.note())
                        .append(" | | | | | | | | |\n");
                continue;
            }
            LatencySummary l = r.latency();
            String perRound = r.rounds().stream().map(x -> number(x.throughput())).collect(Collectors.joining(" / "));
            long failures = r.errors() + r.dropped() + r.unfinished();
            md.append(row(r.label(),
                    number(r.throughput()),
                    perRound,
                    number(l.p50Micros()),
                    number(l.p90Micros()),
                    number(l.p99Micros()),
                    number(l.p999Micros()),
                    number(l.maxMicros()),
                    String.format(Locale.ROOT, "%,d", r.completed()),
                    failures == 0 ? "0" : describeFailures(r)));
        }
        return md.toString();
    }

    /** CPU and memory of every measured scenario under {@code profile}. */
    public static String resources(ProfileResult profile) {
        Objects.requireNonNull(profile, "profile");
        StringBuilder md = new StringBuilder();
        md.append(header("Scenario", "hop CPU %", "hop CPU µs/request", "hop B/request", "upstream CPU %",
                "client CPU %", "other processes CPU %", "steal %", "hop RSS MiB", "hop live heap MiB"));
        for (ScenarioResult r : profile.scenarios()) {
            if (!r.measured()) {
                continue;
            }
            ResourceSummary s = r.resources();
            md.append(row(r.label(),
                    number(s == null ? null : s.hopCpuPercent()),
                    number(s == null ? null : s.hopCpuMicrosPerRequest()),
                    bytes(s == null ? null : s.hopAllocatedBytesPerRequest()),
                    number(s == null ? null : s.upstreamCpuPercent()),
                    number(s == null ? null : s.clientCpuPercent()),
                    number(s == null ? null : s.otherCpuPercent()),
                    number(s == null ? null : s.stealPercent()),
                    mib(s == null ? null : s.hopRssBytes()),
                    mib(s == null ? null : s.hopLiveHeapBytes())));
        }
        return md.toString();
    }

    private static String describeFailures(ScenarioResult r) {
        StringBuilder out = new StringBuilder();
        append(out, r.errors(), "errors");
        append(out, r.dropped(), "dropped");
        append(out, r.unfinished(), "unfinished");
        return out.toString();
    }

    private static void append(StringBuilder out, long count, String what) {
        if (count > 0) {
            out.append(out.length() > 0 ? ", " : "").append(count).append(' ').append(what);
        }
    }

    /** The head of a Markdown table: its columns' names, and the line that ends the head. */
    static String header(String... columns) {
        return row(columns) + "|" + "---|".repeat(columns.length) + "\n";
    }

    /** One row of a Markdown table: its cells between pipes, and the line's end. */
    static String row(String... cells) {
        return "| " + String.join(" | ", cells) + " |\n";
    }

    static String ratio(OptionalDouble value) {
        return value.isPresent() ? String.format(Locale.ROOT, "%.2f×", value.getAsDouble()) : NONE;
    }

    private static String micros(OptionalDouble value) {
        return value.isPresent() ? String.format(Locale.ROOT, "%+.0f", value.getAsDouble()) : NONE;
    }

    static String number(Double value) {
        if (value == null) {
            return NONE;
        }
        return SvgBarChart.format(value);
    }

    static String bytes(Double value) {
        return value == null ? NONE : String.format(Locale.ROOT, "%,.0f", value);
    }

    private static String mib(Long bytes) {
        return bytes == null ? NONE : String.format(Locale.ROOT, "%.1f", bytes / MIB);
    }
}
