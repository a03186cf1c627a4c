package io.eragate.core.health;

import java.time.Clock;
import java.time.Instant;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Which HTTP upstreams accept connections, learned passively: every connection the gateway opens to an upstream
 * (for traffic, era probes or a re-check) reports here whether it succeeded. An upstream is {@link
 * Availability#DOWN} from a failed attempt until the next successful one; nothing here sends a request of its own.
 * Thread-safe; bounded by the configured upstreams ({@link #retain} drops the ones a reload removed).
 */
public final class UpstreamHealthBook {
    private final Clock clock;
    private final Map<String, Entry> entries = new ConcurrentHashMap<>();

    /** What is known about one upstream: its availability since a time, and the last failure. */
    private record Entry(Availability availability, Instant since, String lastProblem) {
    }

    /** A book on {@code clock}. */
    public UpstreamHealthBook(Clock clock) {
        this.clock = Objects.requireNonNull(clock, "clock");
    }

    /** A connection to {@code upstream} was opened. */
    public void connected(String upstream) {
        Entry previous = entries.get(upstream);
        if (previous == null || previous.availability() != Availability.AVAILABLE) {
            entries.put(upstream, new Entry(Availability.AVAILABLE, clock.instant(), null));
        }
    }

    /** A connection to {@code upstream} could not be opened, for {@code why} (no secrets: an address and error). */
    public void connectFailed(String upstream, String why) {
        Entry previous = entries.get(upstream);
        Instant since = previous != null && previous.availability() == Availability.DOWN ? previous.since()
                : clock.instant();
        entries.put(upstream, new Entry(Availability.DOWN, since, why));
    }

    /** The status of {@code upstream}: {@link Availability#UNTRIED} when no connection was tried. */
    public UpstreamStatus status(String upstream) {
        Entry entry = entries.get(upstream);
        if (entry == null) {
            return new UpstreamStatus(upstream, Availability.UNTRIED, null);
        }
        String detail = entry.availability() == Availability.DOWN
                ? "connections fail since " + entry.since() + ": " + entry.lastProblem() : null;
        return new UpstreamStatus(upstream, entry.availability(), detail);
    }

    /** The upstreams whose last connection attempt failed: the ones to re-check. */
    public Set<String> down() {
        Set<String> down = ConcurrentHashMap.newKeySet();
        entries.forEach((name, entry) -> {
            if (entry.availability() == Availability.DOWN) {
                down.add(name);
            }
        });
        return down;
    }

    /** Forgets every upstream not in {@code names} (after a reload removed it). */
    public void retain(Set<String> names) {
        entries.keySet().retainAll(names);
    }
}
