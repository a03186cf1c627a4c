package io.eragate.netty.stdio;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.eragate.core.health.Availability;
import io.eragate.core.health.UpstreamStatus;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;

/**
 * The process positions of one stdio upstream, and what they add up to: the process a request goes to (or why none
 * can take it), readiness, load, pids, restarts, report.
 */
final class StdioSlots implements Iterable<StdioSlot> {

    private final String upstream;
    private final StdioSlot[] slots;

    StdioSlots(String upstream, int instances) {
        this.upstream = upstream;
        this.slots = new StdioSlot[instances];
        for (int i = 0; i < instances; i++) {
            slots[i] = new StdioSlot(upstream, i);
        }
    }

    @Override
    public Iterator<StdioSlot> iterator() {
        return Arrays.asList(slots).iterator();
    }

    /**
     * Available when a process is ready; starting while any instance is on its way ({@code startingWhy} says
     * why); paused while every instance waits out a crash loop; stopped when none is left to restart.
     */
    UpstreamStatus status(String startingWhy) {
        boolean starting = false;
        StdioSlot cooling = null;
        StdioSlot failed = null;
        for (StdioSlot slot : slots) {
            StdioSession ready = slot.ready;
            if (ready != null && !ready.isGone()) {
                return new UpstreamStatus(upstream, Availability.AVAILABLE, null);
            }
            switch (slot.state) {
                case COOLING -> cooling = slot;
                case FAILED, STOPPED -> failed = slot;
                default -> starting = true;
            }
        }
        if (starting) {
            return new UpstreamStatus(upstream, Availability.STARTING, startingWhy);
        }
        if (cooling != null) {
            return new UpstreamStatus(upstream, Availability.PAUSED, "process " + cooling.label()
                    + " crashed repeatedly; restarts are paused until " + cooling.coolingUntil);
        }
        return new UpstreamStatus(upstream, Availability.STOPPED, "process " + failed.label()
                + " is not restarted: " + failed.lastProblem);
    }

    /** The ready process with the fewest requests in flight, or {@code null} when none is ready. */
    StdioSession leastLoaded() {
        StdioSession best = null;
        for (StdioSlot slot : slots) {
            StdioSession session = slot.ready;
            if (session != null && !session.isGone() && (best == null || session.inFlight() < best.inFlight())) {
                best = session;
            }
        }
        return best;
    }

    /** Why no request can be served for a while, or {@code null} when a process is ready or on its way. */
    StdioUnavailableException unavailability() {
        StdioSlot cooling = null;
        StdioSlot failed = null;
        for (StdioSlot slot : slots) {
            switch (slot.state) {
                case COOLING -> cooling = slot;
                case FAILED -> failed = slot;
                case STOPPED -> {
                    return new StdioUnavailableException(503, "the gateway is shutting down");
                }
                default -> {
                    return null;
                }
            }
        }
        if (cooling != null) {
            return new StdioUnavailableException(503, "upstream process " + cooling.label()
                    + " crashed repeatedly; restarts are paused until " + cooling.coolingUntil + " (last: "
                    + cooling.lastProblem + ")");
        }
        return new StdioUnavailableException(502, failed.lastProblem + "; it is not restarted (restart: never)");
    }

    /** Requests in flight on the ready processes now. */
    int inFlight() {
        int inFlight = 0;
        for (StdioSlot slot : slots) {
            StdioSession session = slot.ready;
            if (session != null) {
                inFlight += session.inFlight();
            }
        }
        return inFlight;
    }

    /** The pids of the processes alive now. */
    List<Long> pids() {
        List<Long> pids = new ArrayList<>();
        for (StdioSlot slot : slots) {
            StdioProcess process = slot.process;
            if (process != null && process.isAlive()) {
                pids.add(process.pid());
            }
        }
        return pids;
    }

    /** Restarts since start, over all instances. */
    int restarts() {
        int restarts = 0;
        for (StdioSlot slot : slots) {
            restarts += slot.restarts;
        }
        return restarts;
    }

    /** The last lines each process wrote to stderr, oldest first. */
    List<String> recentStderr() {
        List<String> lines = new ArrayList<>();
        for (StdioSlot slot : slots) {
            StdioProcess process = slot.process;
            if (process != null) {
                lines.addAll(process.recentStderr());
            }
        }
        return lines;
    }

    /** Whether a current process writes a stderr line containing {@code fragment} within {@code timeout}. */
    boolean awaitStderr(String fragment, Duration timeout) throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        for (StdioSlot slot : slots) {
            StdioProcess process = slot.process;
            if (process != null && process.awaitStderr(fragment,
                    Duration.ofNanos(Math.max(0, deadline - System.nanoTime())))) {
                return true;
            }
        }
        return false;
    }

    /** One object per instance, as the era report shows them. */
    void describeInto(ArrayNode instances) {
        for (StdioSlot slot : slots) {
            ObjectNode instance = instances.addObject();
            instance.put("instance", slot.index);
            instance.put("state", slot.state.name().toLowerCase(Locale.ROOT));
            StdioSession session = slot.ready != null ? slot.ready : slot.starting;
            StdioProcess process = slot.process;
            if (session != null && process != null) {
                instance.put("pid", process.pid());
                instance.put("inFlight", session.inFlight());
            } else {
                instance.putNull("pid");
                instance.put("inFlight", 0);
            }
            instance.put("restarts", slot.restarts);
            instance.put("lastExitCode", slot.lastExitCode);
            instance.put("lastProblem", slot.lastProblem);
            Instant cooling = slot.coolingUntil;
            instance.put("restartsPausedUntil", cooling == null ? null : cooling.toString());
        }
    }
}
