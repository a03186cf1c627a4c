package io.eragate.netty.stdio;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.eragate.core.config.RestartPolicy;
import io.eragate.core.config.UpstreamConfig;
import io.eragate.core.era.ProbeClassifier;
import io.eragate.core.era.ProbeVerdict;
import io.eragate.core.health.UpstreamStatus;
import io.eragate.core.mcp.Era;
import io.eragate.core.mcp.ProtocolVersions;
import io.eragate.core.stdio.RestartSchedule;
import java.io.IOException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One configured stdio upstream: its processes ({@code instances} of them), their era, and their supervision.
 *
 * <ul>
 *   <li><b>Era.</b> Pinned by configuration, or probed once with {@code server/discover} on a throw-away process
 *       (spec digest §2.2: some legacy servers exit on an unknown first request); no answer within
 *       {@code eras.probeTimeout}, or an exit, means legacy. Probed again if a legacy process refuses
 *       {@code initialize} with a modern -32022.</li>
 *   <li><b>Start.</b> {@link #start()} starts every instance in the background; a legacy process is ready after its
 *       one {@code initialize}, a modern one at once. Requests that find no ready process wait for one (at most
 *       {@code maxPendingRequests} of them); when a start attempt fails while none is ready, they fail with 502.</li>
 *   <li><b>Restart.</b> A process that exits on its own is started again per {@link RestartSchedule#STANDARD}
 *       (backoff, and a pause after a crash loop, during which requests get 503), unless {@code restart: never}.</li>
 *   <li><b>Stop.</b> {@link #close()} stops every process and its descendants (stdin, SIGTERM, SIGKILL).</li>
 * </ul>
 *
 * <p>Threading: every field without {@code volatile} belongs to the supervisor thread; {@link #acquire()} may be
 * called from any thread and does not block.
 */
public final class StdioUpstream implements SessionSource {
    private static final Logger log = LoggerFactory.getLogger(StdioUpstream.class);
    private static final int EXTRA_STDIN_LINES = 64;

    private final UpstreamConfig config;
    private final StdioRuntime runtime;
    private final StdioSlots slots;
    private final StdioWaiters waiters;
    private final RestartSchedule probeSchedule = new RestartSchedule(RestartSchedule.STANDARD);
    private final StdioEra era;
    private volatile boolean closed;

    StdioUpstream(UpstreamConfig config, StdioRuntime runtime) {
        this.config = Objects.requireNonNull(config, "config");
        this.runtime = runtime;
        this.slots = new StdioSlots(config.name(), config.instances());
        this.era = new StdioEra(config, runtime);
        this.waiters = new StdioWaiters(config.name(), config.maxPendingRequests());
    }

    /** The configured name. */
    @Override
    public String name() {
        return config.name();
    }

    /** The configuration this upstream runs. */
    public UpstreamConfig config() {
        return config;
    }

    @Override
    public Duration requestTimeout() {
        return config.requestTimeout();
    }

    /** The era, once pinned or probed; {@code null} before. */
    public Era era() {
        return era.era();
    }

    /** Starts every instance in the background (probing the era first when it is not pinned). */
    public void start() {
        onSupervisor(this::startIdleSlots);
    }

    /**
     * A ready process for one request: the one with the fewest requests in flight, at once when there is one, else
     * when one becomes ready. Fails with {@link StdioUnavailableException} when none can be had. Completes on any
     * thread; callers hop back to their own event loop.
     */
    @Override
    public CompletableFuture<StdioSession> acquire() {
        StdioSession best = slots.leastLoaded();
        if (best != null) {
            return CompletableFuture.completedFuture(best);
        }
        CompletableFuture<StdioSession> waiter = new CompletableFuture<>();
        try {
            runtime.supervisor().execute(() -> enqueue(waiter));
        } catch (RejectedExecutionException e) {
            waiter.completeExceptionally(new StdioUnavailableException(503, "the gateway is shutting down"));
        }
        return waiter;
    }

    private void enqueue(CompletableFuture<StdioSession> waiter) {
        if (closed) {
            waiter.completeExceptionally(new StdioUnavailableException(503, "the gateway is shutting down"));
            return;
        }
        StdioSession best = slots.leastLoaded();
        if (best != null) {
            waiter.complete(best);
            return;
        }
        StdioUnavailableException unavailable = slots.unavailability();
        if (unavailable != null) {
            waiter.completeExceptionally(unavailable);
            return;
        }
        if (waiters.offer(waiter)) {
            startIdleSlots();
        }
    }

    private void startIdleSlots() {
        if (closed) {
            return;
        }
        if (era.era() == null) {
            if (!era.isProbing()) {
                era.probe(line -> {
                    if (!closed) {
                        onProbeAnswer(line);
                    }
                }, e -> onProbeFailed(cannotStart(e)));
            }
            return;
        }
        for (StdioSlot slot : slots) {
            if (slot.state == StdioSlot.State.IDLE) {
                startSlot(slot);
            }
        }
    }

    // --- the era probe's answer ---

    private void onProbeAnswer(String line) {
        ProbeVerdict verdict = ProbeClassifier.classifyStdio(line, ProtocolVersions.MODERN);
        if (verdict.era() == null) {
            onProbeFailed("the era probe was inconclusive: " + verdict.why());
            return;
        }
        era.learn(verdict.era(), "probe", verdict.why());
        log.info("Probed stdio upstream {}: {} ({})", name(), verdict.era(), verdict.why());
        startIdleSlots();
    }

    private void onProbeFailed(String why) {
        log.warn("Stdio upstream {}: {}", name(), why);
        for (StdioSlot slot : slots) {
            slot.lastProblem = why;
        }
        waiters.failAll(502, why);
        RestartSchedule.Decision decision = probeSchedule.onExit(Instant.now(), Instant.now());
        long delayMillis = decision instanceof RestartSchedule.Restart restart ? restart.delay().toMillis()
                : ((RestartSchedule.CoolDown) decision).until().toEpochMilli() - System.currentTimeMillis();
        runtime.supervisor().schedule(this::startIdleSlots, Math.max(0, delayMillis), TimeUnit.MILLISECONDS);
    }

    // --- one instance: start, handshake, exit, restart ---

    private void startSlot(StdioSlot slot) {
        slot.state = StdioSlot.State.STARTING;
        StdioProcess process;
        try {
            process = StdioProcess.spawn(config, slot.label(), config.maxPendingRequests() * 2 + EXTRA_STDIN_LINES);
        } catch (IOException e) {
            String why = cannotStart(e);
            slot.lastProblem = why;
            log.warn("Stdio upstream {}: {}", slot.label(), why);
            failWaitersUnlessReady(why);
            scheduleRestart(slot, Instant.now());
            return;
        }
        Era known = era.era();
        StdioSession session = new StdioSession(name(), known, process, config.maxPendingRequests(),
                (exited, code) -> onSupervisor(() -> onSessionExit(slot, exited, code)));
        slot.starting = session;
        slot.process = process;
        process.startIo(session);
        if (known == Era.MODERN) {
            onReady(slot, session);
            return;
        }
        session.handshake(runtime.client().initializeParams(), runtime.initializeTimeout())
                .whenCompleteAsync((result, failure) -> onHandshake(slot, session, result, failure),
                        runtime.onSupervisor());
    }

    private void onHandshake(StdioSlot slot, StdioSession session, ObjectNode result, Throwable failure) {
        if (slot.starting != session || closed || session.goneWhy() != null) {
            // A process that exited during the handshake is handled as an exit.
            return;
        }
        if (failure != null) {
            Throwable cause = failure instanceof CompletionException && failure.getCause() != null
                    ? failure.getCause() : failure;
            if (cause instanceof StdioSession.HandshakeException refused && refused.modernRefusal()) {
                // A modern-only server refusing the legacy handshake: the cached verdict was wrong.
                era.forget("initialize was refused with -32022; probing again");
            }
            abortStart(slot, session, cause instanceof TimeoutException
                    ? "did not answer initialize within " + runtime.initializeTimeout().toMillis() + " ms"
                    : cause.getMessage());
            return;
        }
        log.info("Upstream process {} is ready: {} {}", slot.label(), result.path("protocolVersion").asText(),
                result.path("serverInfo").path("name").asText("(no serverInfo)"));
        onReady(slot, session);
    }

    private void abortStart(StdioSlot slot, StdioSession session, String why) {
        String problem = "upstream process " + why;
        slot.lastProblem = problem;
        log.warn("Stdio upstream {}: {}; stopping it", slot.label(), problem);
        session.stopping(why);
        failWaitersUnlessReady(problem);
        runtime.stopAsync(slot.process);
    }

    private void onReady(StdioSlot slot, StdioSession session) {
        slot.starting = null;
        slot.ready = session;
        slot.state = StdioSlot.State.READY;
        waiters.completeAll(() -> slots.leastLoaded() != null ? slots.leastLoaded() : session);
    }

    private void onSessionExit(StdioSlot slot, StdioSession session, int exitCode) {
        boolean wasStarting = slot.starting == session;
        if (slot.ready != session && !wasStarting) {
            return;
        }
        StdioProcess process = slot.process;
        slot.ready = null;
        slot.starting = null;
        slot.process = null;
        slot.lastExitCode = exitCode;
        if (closed || slot.state == StdioSlot.State.STOPPED) {
            slot.state = StdioSlot.State.STOPPED;
            return;
        }
        String why = session.goneWhy();
        slot.lastProblem = why;
        log.warn("Stdio upstream {}: {}", slot.label(), why);
        if (wasStarting) {
            failWaitersUnlessReady(slot.lastProblem);
        }
        if (config.restart() == RestartPolicy.NEVER) {
            slot.state = StdioSlot.State.FAILED;
            failWaitersIfUnavailable();
            return;
        }
        scheduleRestart(slot, process.startedAt());
    }

    private void scheduleRestart(StdioSlot slot, Instant startedAt) {
        if (config.restart() == RestartPolicy.NEVER) {
            slot.state = StdioSlot.State.FAILED;
            failWaitersIfUnavailable();
            return;
        }
        Instant now = Instant.now();
        RestartSchedule.Decision decision = slot.schedule.onExit(startedAt, now);
        slot.restarts++;
        long delayMillis;
        if (decision instanceof RestartSchedule.CoolDown coolDown) {
            slot.state = StdioSlot.State.COOLING;
            slot.coolingUntil = coolDown.until();
            delayMillis = Math.max(0, coolDown.until().toEpochMilli() - now.toEpochMilli());
            log.warn("Upstream process {} exited {} times within a minute; pausing restarts until {}", slot.label(),
                    coolDown.crashesInWindow(), coolDown.until());
            failWaitersIfUnavailable();
        } else {
            slot.state = StdioSlot.State.BACKOFF;
            delayMillis = ((RestartSchedule.Restart) decision).delay().toMillis();
            log.info("Restarting upstream process {} in {} ms", slot.label(), delayMillis);
        }
        slot.pendingStart = runtime.supervisor().schedule(() -> {
            if (!closed && (slot.state == StdioSlot.State.BACKOFF || slot.state == StdioSlot.State.COOLING)) {
                slot.state = StdioSlot.State.IDLE;
                slot.coolingUntil = null;
                startIdleSlots();
            }
        }, delayMillis, TimeUnit.MILLISECONDS);
    }

    private void failWaitersUnlessReady(String why) {
        if (slots.leastLoaded() == null) {
            waiters.failAll(502, why);
        }
    }

    private void failWaitersIfUnavailable() {
        StdioUnavailableException unavailable = slots.unavailability();
        if (unavailable != null) {
            waiters.failAll(unavailable);
        }
    }

    private String cannotStart(IOException e) {
        return "could not start " + config.command().get(0) + ": " + e.getMessage();
    }

    /** Runs {@code task} on the supervisor thread, unless supervision has ended (the gateway has stopped). */
    private void onSupervisor(Runnable task) {
        runtime.onSupervisor().execute(task);
    }

    /** Remembers the descendants of every process (see {@link ProcessTree}); runs on the supervisor. */
    void refreshTrees() {
        for (StdioSlot slot : slots) {
            StdioProcess process = slot.process;
            if (process != null) {
                process.tree().refresh();
            }
        }
    }

    /**
     * Stops every process of this upstream, and probes in flight; completes when all have ended. Requests in flight
     * fail with 502, waiting ones with 503.
     */
    public CompletableFuture<Void> close() {
        CompletableFuture<Void> stopped = new CompletableFuture<>();
        try {
            runtime.supervisor().execute(() -> {
                closed = true;
                waiters.failAll(503, "the gateway is shutting down");
                List<CompletableFuture<Void>> stops = new ArrayList<>();
                for (StdioSlot slot : slots) {
                    if (slot.pendingStart != null) {
                        slot.pendingStart.cancel(false);
                    }
                    slot.state = StdioSlot.State.STOPPED;
                    for (StdioSession session : new StdioSession[] {slot.ready, slot.starting}) {
                        if (session != null) {
                            session.stopping("was stopped: the gateway is shutting down");
                        }
                    }
                    if (slot.process != null) {
                        stops.add(runtime.stopAsync(slot.process));
                    }
                }
                era.stopProbes(stops);
                CompletableFuture.allOf(stops.toArray(CompletableFuture[]::new))
                        .whenComplete((ignored, failure) -> stopped.complete(null));
            });
        } catch (RejectedExecutionException e) {
            stopped.complete(null);
        }
        return stopped;
    }

    /**
     * What this upstream can do for a request now, for readiness: available when a process is ready; paused while
     * every instance waits out a crash loop; stopped when none is left to restart; else starting.
     */
    public UpstreamStatus status() {
        return slots.status(era.era() == null ? "learning its era" : "no process is ready yet");
    }

    /** Requests in flight on this upstream's processes now. */
    public int inFlight() {
        return slots.inFlight();
    }

    /** The pids of the processes serving requests or starting now (for the report and tests). */
    public List<Long> pids() {
        return slots.pids();
    }

    /** Restarts since start, over all instances. */
    public int restarts() {
        return slots.restarts();
    }

    /** The last lines each process wrote to stderr, oldest first. */
    public List<String> recentStderr() {
        return slots.recentStderr();
    }

    /**
     * Waits until a process of this upstream now serving (or starting) has written a stderr line containing
     * {@code fragment}; returns whether one did within {@code timeout}. For diagnostics and tests.
     */
    public boolean awaitStderr(String fragment, Duration timeout) throws InterruptedException {
        return slots.awaitStderr(fragment, timeout);
    }

    /** This upstream as the era report shows it. The command's arguments are left out: they may hold secrets. */
    ObjectNode report() {
        ObjectNode line = JsonNodeFactory.instance.objectNode();
        line.put("upstream", name());
        line.put("program", config.command().get(0));
        era.describeInto(line);
        slots.describeInto(line.putArray("instances"));
        return line;
    }
}
