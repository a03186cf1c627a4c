package io.eragate.netty.stdio;

import io.eragate.core.stdio.RestartSchedule;
import java.time.Instant;
import java.util.concurrent.Future;

/**
 * One process position of a stdio upstream: its current process and its restart history. Fields without
 * {@code volatile} belong to the supervisor thread; the volatile ones are read by reports and readiness.
 */
final class StdioSlot {

    /** Where an instance is in its life. */
    enum State { IDLE, STARTING, READY, BACKOFF, COOLING, FAILED, STOPPED }

    final int index;
    final RestartSchedule schedule = new RestartSchedule(RestartSchedule.STANDARD);
    volatile State state = State.IDLE;
    volatile StdioSession ready;
    volatile StdioSession starting;
    /** The process of {@code ready} or {@code starting}. */
    volatile StdioProcess process;
    volatile int restarts;
    volatile Integer lastExitCode;
    volatile String lastProblem;
    volatile Instant coolingUntil;
    Future<?> pendingStart;
    private final String upstream;

    StdioSlot(String upstream, int index) {
        this.upstream = upstream;
        this.index = index;
    }

    /** {@code <upstream>#<index>}, as logs and reports name the instance. */
    String label() {
        return upstream + "#" + index;
    }
}
