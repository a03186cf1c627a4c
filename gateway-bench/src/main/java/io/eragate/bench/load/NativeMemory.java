package io.eragate.bench.load;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What {@code jcmd PID VM.native_memory summary} reports (the JVM runs with {@code -XX:NativeMemoryTracking=summary}):
 * the committed total and the committed bytes of each category (Java Heap, Thread, Class, Other, ...). Netty's
 * direct buffers count under "Other".
 *
 * @param committedBytes the total committed memory the JVM tracks, heap included
 * @param committedByCategory committed bytes per category, in the order jcmd prints them
 */
public record NativeMemory(long committedBytes, Map<String, Long> committedByCategory) {
    /** The category of the Java heap, which the per-stream native figure leaves out (it is reported as heap). */
    public static final String JAVA_HEAP = "Java Heap";

    private static final Pattern TOTAL = Pattern.compile("^Total: reserved=(\\d+)KB, committed=(\\d+)KB",
            Pattern.MULTILINE);
    private static final Pattern CATEGORY = Pattern.compile(
            "^-\\s+(\\S(?:[^(\\n]*\\S)?)\\s+\\(reserved=(\\d+)KB, committed=(\\d+)KB\\)", Pattern.MULTILINE);

    public NativeMemory {
        committedByCategory = Collections.unmodifiableMap(new LinkedHashMap<>(committedByCategory));
    }

    /**
     * Parses the summary.
     *
     * @throws IllegalArgumentException when it has no total (tracking is off, or the output is something else)
     */
    public static NativeMemory parse(String summary) {
        Matcher total = TOTAL.matcher(summary);
        if (!total.find()) {
            throw new IllegalArgumentException("no native memory total in: "
                    + summary.substring(0, Math.min(200, summary.length())));
        }
        Map<String, Long> categories = new LinkedHashMap<>();
        Matcher category = CATEGORY.matcher(summary);
        while (category.find()) {
            categories.put(category.group(1), Long.parseLong(category.group(3)) * 1024);
        }
        return new NativeMemory(Long.parseLong(total.group(2)) * 1024, categories);
    }

    /** Committed bytes outside the Java heap. */
    public long committedOutsideHeapBytes() {
        return committedBytes - committedByCategory.getOrDefault(JAVA_HEAP, 0L);
    }
}
