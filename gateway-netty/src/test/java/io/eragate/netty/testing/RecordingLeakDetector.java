package io.eragate.netty.testing;

import io.netty.util.ResourceLeakDetector;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Predicate;

/**
 * A Netty leak detector that, besides logging each leak as Netty does, keeps the report so that a test can fail on
 * it. Netty instantiates it by reflection when the JVM runs with
 * {@code -Dio.netty.customResourceLeakDetector=io.eragate.netty.testing.RecordingLeakDetector}, which the parent
 * pom puts on every surefire and failsafe JVM; {@link LeakCheckExtension} then drains the reports after each test
 * class.
 *
 * <p>Reports live in one JVM-wide store because Netty creates one detector per resource type (buffers, timers, …)
 * and the extension must see them all. The store is bounded; what does not fit is counted, never silently lost.
 *
 * @param <T> the type of resource the detector tracks
 */
public final class RecordingLeakDetector<T> extends ResourceLeakDetector<T> {
    /** Enough to show every distinct leak of a broken test run; more would only repeat the same stack traces. */
    static final int MAX_STORED_REPORTS = 256;

    private static final Object LOCK = new Object();
    private static final List<LeakReport> REPORTS = new ArrayList<>();
    private static int droppedReports;
    private static volatile boolean installed;
    private static final Set<String> SILENCED_HINTS = ConcurrentHashMap.newKeySet();

    /** The constructor {@code ResourceLeakDetectorFactory} reflects on for custom detectors. */
    public RecordingLeakDetector(Class<?> resourceType, int samplingInterval) {
        super(resourceType, samplingInterval);
        installed = true;
    }

    /** The older constructor shape, which Netty's factory still looks up for its deprecated entry point. */
    @SuppressWarnings("deprecation")
    public RecordingLeakDetector(Class<?> resourceType, int samplingInterval, long maxActive) {
        super(resourceType, samplingInterval, maxActive);
        installed = true;
    }

    /** Whether Netty loaded this class as its leak detector in this JVM (it does so when the first buffer is made). */
    public static boolean isInstalled() {
        return installed;
    }

    /** A snapshot of the reports recorded and not yet taken. */
    public static List<LeakReport> reports() {
        synchronized (LOCK) {
            return List.copyOf(REPORTS);
        }
    }

    /** Removes and returns every recorded report. */
    public static List<LeakReport> takeAll() {
        return takeMatching(report -> true);
    }

    /**
     * Removes and returns the reports that match, leaving the others for {@link LeakCheckExtension} to fail on. A test
     * that leaks on purpose takes only its own leak, so it cannot hide someone else's.
     */
    public static List<LeakReport> takeMatching(Predicate<LeakReport> matcher) {
        Objects.requireNonNull(matcher, "matcher");
        synchronized (LOCK) {
            List<LeakReport> taken = new ArrayList<>();
            for (Iterator<LeakReport> it = REPORTS.iterator(); it.hasNext(); ) {
                LeakReport report = it.next();
                if (matcher.test(report)) {
                    taken.add(report);
                    it.remove();
                }
            }
            return taken;
        }
    }

    /** Removes and returns how many reports arrived while the store was full. */
    public static int takeDroppedCount() {
        synchronized (LOCK) {
            int dropped = droppedReports;
            droppedReports = 0;
            return dropped;
        }
    }

    /**
     * Records but does not log leaks whose records mention {@code hint}, so a test that leaks on purpose does not
     * print a LEAK stack trace that reads like a real failure. Undo with {@link #unsilence(String)}.
     */
    public static void silenceLeaksMentioning(String hint) {
        SILENCED_HINTS.add(Objects.requireNonNull(hint, "hint"));
    }

    public static void unsilence(String hint) {
        SILENCED_HINTS.remove(Objects.requireNonNull(hint, "hint"));
    }

    private static void record(LeakReport report) {
        synchronized (LOCK) {
            if (REPORTS.size() < MAX_STORED_REPORTS) {
                REPORTS.add(report);
            } else {
                droppedReports++;
            }
        }
    }

    /** Always report: whether a leak fails the build must not depend on how logging is configured. */
    @Override
    protected boolean needReport() {
        return true;
    }

    @Override
    protected void reportTracedLeak(String resourceType, String records) {
        LeakReport report = new LeakReport(resourceType, records);
        record(report);
        if (SILENCED_HINTS.stream().noneMatch(report::mentions)) {
            super.reportTracedLeak(resourceType, records);
        }
    }

    @Override
    protected void reportUntracedLeak(String resourceType) {
        record(new LeakReport(resourceType, ""));
        super.reportUntracedLeak(resourceType);
    }
}
