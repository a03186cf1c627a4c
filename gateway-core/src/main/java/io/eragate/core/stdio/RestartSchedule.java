package io.eragate.core.stdio;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.Objects;

/**
 * When to start a crashed process again: exponential backoff, and a pause when it crashes in a loop.
 *
 * <p>Each unexpected exit doubles the delay before the next start, from {@code initialDelay} up to {@code maxDelay}.
 * A process that ran for at least {@code window} before it exited was healthy, and starts the doubling over. More than
 * {@code maxCrashes} exits within {@code window} is a crash loop: no start until {@code coolDown} has passed, after
 * which the history is forgotten. Not thread-safe; time is passed in, so tests need no clock.
 */
public final class RestartSchedule {

    /** 100 ms doubling to 30 s; more than 5 crashes within 60 s pause restarts for 60 s. */
    public static final Settings STANDARD = new Settings(Duration.ofMillis(100), Duration.ofSeconds(30), 5,
            Duration.ofSeconds(60), Duration.ofSeconds(60));

    private final Settings settings;
    private final Deque<Instant> recentExits = new ArrayDeque<>();
    private int streak;

    public RestartSchedule(Settings settings) {
        this.settings = Objects.requireNonNull(settings, "settings");
    }

    /**
     * The bounds of a schedule.
     *
     * @param initialDelay the delay after the first crash
     * @param maxDelay the longest delay
     * @param maxCrashes how many exits within {@code window} are tolerated before restarts pause
     * @param window the span crashes are counted over, and the uptime after which a process counts as healthy
     * @param coolDown how long restarts pause after a crash loop
     */
    public record Settings(Duration initialDelay, Duration maxDelay, int maxCrashes, Duration window,
            Duration coolDown) {

        public Settings {
            Objects.requireNonNull(initialDelay, "initialDelay");
            Objects.requireNonNull(maxDelay, "maxDelay");
            Objects.requireNonNull(window, "window");
            Objects.requireNonNull(coolDown, "coolDown");
            if (initialDelay.isNegative() || maxDelay.compareTo(initialDelay) < 0 || maxCrashes < 1) {
                throw new IllegalArgumentException("need 0 <= initialDelay <= maxDelay and maxCrashes >= 1");
            }
        }
    }

    /** What to do after an exit. */
    public sealed interface Decision {
    }

    /**
     * Start again after {@code delay}.
     *
     * @param delay how long to wait
     * @param crashesInWindow exits counted in the window, this one included
     */
    public record Restart(Duration delay, int crashesInWindow) implements Decision {
    }

    /**
     * A crash loop: start again no earlier than {@code until}.
     *
     * @param until when restarts may resume
     * @param crashesInWindow exits counted in the window, this one included
     */
    public record CoolDown(Instant until, int crashesInWindow) implements Decision {
    }

    /**
     * Records an unexpected exit and decides when to start again.
     *
     * @param startedAt when the process that exited was started
     * @param exitedAt when it exited (now)
     */
    public Decision onExit(Instant startedAt, Instant exitedAt) {
        Objects.requireNonNull(startedAt, "startedAt");
        Objects.requireNonNull(exitedAt, "exitedAt");
        if (Duration.between(startedAt, exitedAt).compareTo(settings.window()) >= 0) {
            streak = 0;
        }
        recentExits.addLast(exitedAt);
        Instant windowStart = exitedAt.minus(settings.window());
        while (!recentExits.isEmpty() && recentExits.peekFirst().isBefore(windowStart)) {
            recentExits.removeFirst();
        }
        int crashes = recentExits.size();
        if (crashes > settings.maxCrashes()) {
            recentExits.clear();
            streak = 0;
            return new CoolDown(exitedAt.plus(settings.coolDown()), crashes);
        }
        Duration delay = delayFor(streak);
        streak++;
        return new Restart(delay, crashes);
    }

    private Duration delayFor(int crashesBefore) {
        Duration delay = settings.initialDelay();
        for (int i = 0; i < crashesBefore && delay.compareTo(settings.maxDelay()) < 0; i++) {
            delay = delay.multipliedBy(2);
        }
        return delay.compareTo(settings.maxDelay()) > 0 ? settings.maxDelay() : delay;
    }
}
