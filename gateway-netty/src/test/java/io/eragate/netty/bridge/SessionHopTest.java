package io.eragate.netty.bridge;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import io.eragate.core.exchange.FailureKind;
import io.eragate.core.exchange.UpstreamFailure;
import io.eragate.core.session.SessionKey;
import io.eragate.core.session.UpstreamSession;
import io.eragate.netty.upstream.UpstreamTimeoutException;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.SpanContext;
import io.opentelemetry.api.trace.TraceFlags;
import io.opentelemetry.api.trace.TraceState;
import io.opentelemetry.context.Context;
import java.net.ConnectException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import org.junit.jupiter.api.Test;

/** The session-acquire hop of bridged exchanges, with a hand-run executor standing for the client's event loop. */
class SessionHopTest {
    private static final UpstreamSession SESSION = new UpstreamSession(
            new SessionKey("legacy", SessionKey.ANONYMOUS, "", "2025-11-25"), "s-1", "2025-11-25",
            JsonNodeFactory.instance.objectNode(), Instant.EPOCH);

    private final List<Runnable> loop = new ArrayList<>();
    private final List<UpstreamSession> released = new ArrayList<>();
    private final List<Object> delivered = new ArrayList<>();
    private boolean done;

    private void hop(CompletableFuture<UpstreamSession> acquiring, Context trace) {
        SessionHop.deliver(acquiring, loop::add, trace, released::add, () -> done, delivered::add, delivered::add);
    }

    private void runLoop() {
        List<Runnable> tasks = new ArrayList<>(loop);
        loop.clear();
        tasks.forEach(Runnable::run);
    }

    @Test
    void theSessionIsDeliveredOnTheExchangesLoopNotOnTheThreadThatOpenedIt() {
        CompletableFuture<UpstreamSession> acquiring = new CompletableFuture<>();
        hop(acquiring, Context.root());

        acquiring.complete(SESSION);
        assertThat(delivered).as("nothing runs before the loop does").isEmpty();
        runLoop();

        assertThat(delivered).containsExactly(SESSION);
        assertThat(released).isEmpty();
    }

    @Test
    void aSessionThatComesAfterTheExchangeEndedIsGivenBackAtOnce() {
        CompletableFuture<UpstreamSession> acquiring = new CompletableFuture<>();
        hop(acquiring, Context.root());
        done = true;

        acquiring.complete(SESSION);
        runLoop();

        assertThat(released).containsExactly(SESSION);
        assertThat(delivered).isEmpty();
    }

    @Test
    void aFailureAfterTheExchangeEndedIsDropped() {
        CompletableFuture<UpstreamSession> acquiring = new CompletableFuture<>();
        hop(acquiring, Context.root());
        done = true;

        acquiring.completeExceptionally(new ConnectException("refused"));
        runLoop();

        assertThat(delivered).isEmpty();
        assertThat(released).isEmpty();
    }

    @Test
    void aFailureArrivesUnwrappedFromItsCompletionException() {
        ConnectException refused = new ConnectException("refused");
        CompletableFuture<UpstreamSession> acquiring = new CompletableFuture<>();
        hop(acquiring.thenApply(session -> session), Context.root());

        acquiring.completeExceptionally(refused);
        runLoop();

        assertThat(delivered).containsExactly(refused);
    }

    @Test
    void theRequestsTraceIsCurrentWhenTheSessionArrives() {
        Span span = Span.wrap(SpanContext.create("0af7651916cd43dd8448eb211c80319c", "b7ad6b7169203331",
                TraceFlags.getSampled(), TraceState.getDefault()));
        Context trace = Context.root().with(span);
        List<String> seen = new ArrayList<>();
        CompletableFuture<UpstreamSession> acquiring = new CompletableFuture<>();
        SessionHop.deliver(acquiring, loop::add, trace, released::add, () -> false,
                session -> seen.add(Span.current().getSpanContext().getTraceId()), failure -> { });

        acquiring.complete(SESSION);
        runLoop();

        assertThat(seen).containsExactly("0af7651916cd43dd8448eb211c80319c");
    }

    @Test
    void aFailedAcquisitionNamesTheHandshakeItsTimeoutAndNeverClaimsDelivery() {
        UpstreamFailure refused = SessionHop.failureOf(new SessionOpenException("initialize refused", 502, false),
                "legacy", Duration.ofSeconds(30));
        UpstreamFailure slow = SessionHop.failureOf(new UpstreamTimeoutException("slow", Duration.ofMillis(300)),
                "legacy", Duration.ofSeconds(30));
        UpstreamFailure unreachable = SessionHop.failureOf(new CompletionException(new ConnectException("refused")),
                "legacy", Duration.ofSeconds(30));

        assertThat(refused.kind()).isEqualTo(FailureKind.SESSION_REFUSED);
        assertThat(slow.kind()).isEqualTo(FailureKind.SESSION_TIMEOUT);
        assertThat(slow.timeout()).isEqualTo(Duration.ofMillis(300));
        assertThat(slow.timeoutKey()).isEqualTo("bridge.initializeTimeout");
        assertThat(List.of(refused, slow, unreachable)).allSatisfy(failure ->
                assertThat(failure.kind().delivered()).as("%s", failure).isFalse());
    }
}
