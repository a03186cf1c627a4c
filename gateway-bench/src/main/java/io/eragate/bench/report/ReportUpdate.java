package io.eragate.bench.report;

import io.eragate.bench.load.CapacityResult;
import io.eragate.bench.load.PayloadResult;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * Puts new capacity and large-payload results into a report the generator wrote earlier, leaving its load and JMH
 * parts as they were: the summary row of the heap target, the two sections (replaced if there, else inserted before
 * the microbenchmarks) and the "Not measured yet" bullets they make obsolete. For publishing a
 * {@code bench/run.sh --only capacity --only payload} run without rerunning the whole benchmark.
 */
public final class ReportUpdate {
    static final String CAPACITY_HEADING = "## Capacity";
    static final String PAYLOAD_HEADING = "## Large payloads";
    private static final String TARGET_ROW = "| ≤ 10 KiB heap per idle listen stream |";
    private static final String SESSIONS_TARGET_ROW = "| " + CapacityTables.SESSIONS_TARGET + " |";
    /** The "Not measured yet" bullet of a report without the legacy-session run. */
    static final String SESSIONS_BULLET = "- **Legacy-session run**";
    private static final String JMH_HEADING = "## Microbenchmarks (JMH)";
    private static final String NOT_MEASURED_HEADING = "## Not measured yet";
    private static final String ANALYSIS_HEADING = "\n## Analysis\n\n";

    private ReportUpdate() {
    }

    /**
     * The report with {@code capacity} and {@code payload} in it (each only when present).
     *
     * @throws IllegalArgumentException when {@code markdown} is not a generated report (no microbenchmarks section)
     */
    public static String update(String markdown, Optional<CapacityResult> capacity, Optional<PayloadResult> payload) {
        return update(markdown, capacity, payload, Optional.empty());
    }

    /**
     * As {@link #update(String, Optional, Optional)}, and with {@code analysis} (hand-written markdown) as the
     * Analysis section, replacing the one there.
     */
    public static String update(String markdown, Optional<CapacityResult> capacity, Optional<PayloadResult> payload,
            Optional<String> analysis) {
        return update(markdown, capacity, Optional.empty(), payload, analysis);
    }

    /**
     * As {@link #update(String, Optional, Optional, Optional)}, and with {@code sessions} (the idle legacy-client
     * session run): its target row (replaced, or added after the listen-stream row of a report that predates it),
     * its section and its bullet.
     */
    public static String update(String markdown, Optional<CapacityResult> capacity,
            Optional<CapacityResult> sessions, Optional<PayloadResult> payload, Optional<String> analysis) {
        Objects.requireNonNull(markdown, "markdown");
        if (!markdown.contains("\n" + JMH_HEADING + "\n")) {
            throw new IllegalArgumentException("not a generated benchmark report: no \"" + JMH_HEADING + "\" section");
        }
        List<String> lines = new ArrayList<>(List.of(markdown.split("\n", -1)));
        if (capacity.isPresent()) {
            removeSection(lines, CAPACITY_HEADING);
            lines.replaceAll(line -> line.startsWith(TARGET_ROW)
                    ? CapacityTables.targetRow(capacity).stripTrailing() : line);
            removeBullet(lines, "- **Capacity run**");
        }
        if (sessions.isPresent()) {
            removeSection(lines, LegacySessionsReport.HEADING);
            String row = CapacityTables.targetRow(sessions, CapacityResult.LEGACY_SESSIONS).stripTrailing();
            int existing = indexStartingWith(lines, SESSIONS_TARGET_ROW);
            if (existing >= 0) {
                lines.set(existing, row);
            } else {
                int listenRow = indexStartingWith(lines, TARGET_ROW);
                if (listenRow >= 0) {
                    lines.add(listenRow + 1, row);
                }
            }
            removeBullet(lines, SESSIONS_BULLET);
        }
        if (payload.isPresent()) {
            removeSection(lines, PAYLOAD_HEADING);
            removeBullet(lines, "- **Large-payload run**");
        }
        StringBuilder sections = new StringBuilder();
        capacity.ifPresent(result -> sections.append(CapacityReport.section(result)));
        sessions.ifPresent(result -> sections.append(LegacySessionsReport.section(result)));
        payload.ifPresent(result -> sections.append(PayloadReport.section(result)));
        String joined = String.join("\n", lines);
        int jmh = joined.indexOf("\n" + JMH_HEADING + "\n") + 1;
        String updated = joined.substring(0, jmh) + sections + joined.substring(jmh);
        if (analysis.isEmpty() || analysis.get().isBlank()) {
            return updated;
        }
        int old = updated.indexOf(ANALYSIS_HEADING);
        return (old >= 0 ? updated.substring(0, old) : updated) + ANALYSIS_HEADING + analysis.get().strip() + "\n";
    }

    private static int indexStartingWith(List<String> lines, String prefix) {
        for (int i = 0; i < lines.size(); i++) {
            if (lines.get(i).startsWith(prefix)) {
                return i;
            }
        }
        return -1;
    }

    /** Drops the section whose heading starts with {@code heading}, up to the next second-level heading. */
    private static void removeSection(List<String> lines, String heading) {
        int start = -1;
        for (int i = 0; i < lines.size(); i++) {
            if (lines.get(i).startsWith(heading)) {
                start = i;
                break;
            }
        }
        if (start < 0) {
            return;
        }
        int end = start + 1;
        while (end < lines.size() && !lines.get(end).startsWith("## ")) {
            end++;
        }
        lines.subList(start, end).clear();
    }

    /**
     * Drops the bullets of "Not measured yet" that begin with {@code bullet}, and the section itself once no bullet
     * is left in it (as a full render leaves it out when everything was measured).
     */
    private static void removeBullet(List<String> lines, String bullet) {
        int section = lines.indexOf(NOT_MEASURED_HEADING);
        if (section < 0) {
            return;
        }
        int end = section + 1;
        while (end < lines.size() && !lines.get(end).startsWith("## ")) {
            end++;
        }
        boolean anyLeft = false;
        for (int i = end - 1; i > section; i--) {
            if (lines.get(i).startsWith(bullet)) {
                lines.remove(i);
            } else if (lines.get(i).startsWith("- ")) {
                anyLeft = true;
            }
        }
        if (!anyLeft) {
            removeSection(lines, NOT_MEASURED_HEADING);
        }
    }
}
