package io.eragate.netty.testing;

import java.util.List;
import java.util.stream.Collectors;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * Fails a test class when Netty reported a leaked buffer (or any other tracked resource) while it ran. Registered
 * for every test class through JUnit's extension autodetection ({@code META-INF/services} plus
 * {@code junit-platform.properties} in test resources).
 *
 * <p>After the class's last test it forces detection with {@link LeakSweep} and takes every recorded report, so a
 * leak fails exactly one class. A leak whose buffer is collected late may surface one class later; the report's
 * access records name the code that touched it.
 */
public final class LeakCheckExtension implements AfterAllCallback {

    @Override
    public void afterAll(ExtensionContext context) {
        assertNoLeaks(context.getDisplayName());
    }

    /**
     * Forces detection and throws an {@link AssertionError} naming {@code scope} and quoting every report if anything
     * leaked, or if leak detection is not active in this JVM. The reports are taken, so they fail only once.
     */
    static void assertNoLeaks(String scope) {
        LeakSweep.forceDetection(LeakSweep.DEFAULT_ROUNDS, report -> true);
        if (!RecordingLeakDetector.isInstalled()) {
            throw new AssertionError("Leak detection is not active, so " + scope + " cannot be checked for leaks: run"
                    + " the tests with -Dio.netty.customResourceLeakDetector=" + RecordingLeakDetector.class.getName()
                    + " -Dio.netty.leakDetection.level=paranoid (the parent pom's surefire argLine does this)");
        }
        List<LeakReport> leaks = RecordingLeakDetector.takeAll();
        int dropped = RecordingLeakDetector.takeDroppedCount();
        if (!leaks.isEmpty() || dropped > 0) {
            String details = leaks.stream().map(LeakReport::describe).collect(Collectors.joining("\n\n"));
            String droppedNote = dropped > 0 ? "\n(" + dropped + " more reports did not fit the store)" : "";
            throw new AssertionError(leaks.size() + " leak(s) reported while running " + scope + ":\n"
                    + details + droppedNote);
        }
    }
}
