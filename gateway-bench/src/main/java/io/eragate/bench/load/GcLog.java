package io.eragate.bench.load;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The heap occupancy of each collection in a unified GC log ({@code -Xlog:gc:file=...}), such as
 * {@code GC(12) Pause Young (Normal) (G1 Evacuation Pause) 40M->6M(512M) 2.1ms}: the heap in use just before it (the
 * peak the process reached) and just after it (what it still held). The large-payload run reads the lines a window
 * added.
 */
public final class GcLog {
    private static final Pattern PAUSE = Pattern.compile(
            "GC\\(\\d+\\) Pause .*?(\\d+)([KMG])->(\\d+)([KMG])\\((\\d+)([KMG])\\)");

    private GcLog() {
    }

    /**
     * One collection.
     *
     * @param beforeBytes heap in use when it began
     * @param afterBytes heap in use when it ended
     */
    public record Collection(long beforeBytes, long afterBytes) {
    }

    /** Every pause with occupancy in {@code text}, in order; other lines (phases, concurrent cycles) are skipped. */
    public static List<Collection> parse(String text) {
        List<Collection> collections = new ArrayList<>();
        Matcher pause = PAUSE.matcher(text);
        while (pause.find()) {
            collections.add(new Collection(bytes(pause.group(1), pause.group(2)), bytes(pause.group(3),
                    pause.group(4))));
        }
        return collections;
    }

    private static long bytes(String number, String unit) {
        long value = Long.parseLong(number);
        return switch (unit) {
            case "K" -> value << 10;
            case "M" -> value << 20;
            default -> value << 30;
        };
    }
}
