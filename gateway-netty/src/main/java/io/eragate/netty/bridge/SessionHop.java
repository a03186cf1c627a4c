package io.eragate.netty.bridge;

import io.eragate.core.exchange.FailureKind;
import io.eragate.core.exchange.UpstreamFailure;
import io.eragate.core.session.UpstreamSession;
import io.eragate.netty.upstream.UpstreamFailures;
import io.eragate.netty.upstream.UpstreamTimeoutException;
import io.opentelemetry.context.Context;
import java.time.Duration;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Executor;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;

/**
 * The hop every bridged exchange makes between asking for a pooled upstream session and using it: the session comes
 * (or fails) on whatever thread opened it, and the exchange lives on its client's event loop, under its request's
 * trace. The hop brings the outcome home; a session that arrives for an exchange that has ended meanwhile (its
 * client left, a deadline passed) is given straight back, so that it is never held by nobody.
 */
final class SessionHop {
    /** The key a session that could not be opened in time names. */
    static final String INITIALIZE_TIMEOUT = "bridge.initializeTimeout";

    private SessionHop() {
    }

    /**
     * Waits for {@code acquiring}, then, on {@code home} with {@code trace} current: gives the session to
     * {@code release} if the exchange is {@code done} by then; otherwise hands it to {@code onSession} (now the
     * exchange's to release), or the failure, unwrapped from its {@link CompletionException}, to {@code onFailure}.
     */
    static void deliver(CompletionStage<UpstreamSession> acquiring, Executor home, Context trace,
            Consumer<UpstreamSession> release, BooleanSupplier done, Consumer<UpstreamSession> onSession,
            Consumer<Throwable> onFailure) {
        acquiring.whenComplete((acquired, failure) -> home.execute(trace.wrap(() -> {
            if (done.getAsBoolean()) {
                if (acquired != null) {
                    release.accept(acquired);
                }
                return;
            }
            if (failure != null) {
                onFailure.accept(unwrap(failure));
            } else {
                onSession.accept(acquired);
            }
        })));
    }

    /**
     * What a failed acquisition means for a bridged call: nothing of the request was sent, since no session could be
     * opened. A refused {@code initialize} is {@code SESSION_REFUSED}; a handshake past its own timeout, or one the
     * connection gave up on, names {@code bridge.initializeTimeout}.
     */
    static UpstreamFailure failureOf(Throwable failure, String target, Duration responseTimeout) {
        if (failure instanceof SessionOpenException open) {
            return UpstreamFailure.of(FailureKind.SESSION_REFUSED, target, open.getMessage());
        }
        if (failure instanceof UpstreamTimeoutException timeout) {
            return UpstreamFailure.timeout(FailureKind.SESSION_TIMEOUT, target, timeout.after(), INITIALIZE_TIMEOUT);
        }
        UpstreamFailure classified = UpstreamFailures.classify(failure, false, target, responseTimeout,
                INITIALIZE_TIMEOUT);
        return classified.kind() == FailureKind.HEAD_TIMEOUT ? new UpstreamFailure(FailureKind.SESSION_TIMEOUT,
                target, null, classified.timeout(), classified.timeoutKey()) : classified;
    }

    /** The cause a {@link CompletionException} wraps, or {@code failure} itself. */
    static Throwable unwrap(Throwable failure) {
        return failure instanceof CompletionException && failure.getCause() != null ? failure.getCause() : failure;
    }
}
