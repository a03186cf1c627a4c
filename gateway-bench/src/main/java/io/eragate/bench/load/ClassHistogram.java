package io.eragate.bench.load;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * {@code jcmd PID GC.class_histogram} (live objects, after a full collection) by class, and what grew between two
 * of them: where the bytes of the capacity run's streams go.
 */
public final class ClassHistogram {
    private static final Pattern ROW = Pattern.compile("^\\s*\\d+:\\s+(\\d+)\\s+(\\d+)\\s+(\\S+)", Pattern.MULTILINE);

    private final Map<String, Row> rows;

    private ClassHistogram(Map<String, Row> rows) {
        this.rows = rows;
    }

    /**
     * One class's growth, or its row in one histogram.
     *
     * @param className as the JVM prints it ({@code [B} for byte arrays, module suffixes included)
     * @param instances instance count (or its change)
     * @param bytes shallow bytes of those instances (or their change)
     */
    public record Row(String className, long instances, long bytes) {
    }

    /** Parses the rows of the histogram; the header and the total line are skipped. */
    public static ClassHistogram parse(String text) {
        Map<String, Row> rows = new HashMap<>();
        Matcher row = ROW.matcher(text);
        while (row.find()) {
            String name = row.group(3);
            rows.merge(name, new Row(name, Long.parseLong(row.group(1)), Long.parseLong(row.group(2))),
                    (a, b) -> new Row(name, a.instances() + b.instances(), a.bytes() + b.bytes()));
        }
        return new ClassHistogram(rows);
    }

    /** Classes in this histogram. */
    public int size() {
        return rows.size();
    }

    /** The {@code limit} classes whose bytes grew most from {@code before} to this one, largest first. */
    public List<Row> growthSince(ClassHistogram before, int limit) {
        List<Row> grown = new ArrayList<>();
        for (Row now : rows.values()) {
            Row then = before.rows.get(now.className());
            long bytes = now.bytes() - (then == null ? 0 : then.bytes());
            if (bytes > 0) {
                grown.add(new Row(now.className(), now.instances() - (then == null ? 0 : then.instances()), bytes));
            }
        }
        grown.sort(Comparator.comparingLong(Row::bytes).reversed().thenComparing(Row::className));
        return List.copyOf(grown.subList(0, Math.min(limit, grown.size())));
    }
}
