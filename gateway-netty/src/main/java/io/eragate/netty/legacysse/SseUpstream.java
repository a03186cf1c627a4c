package io.eragate.netty.legacysse;

import io.eragate.core.legacysse.HttpSseFallback;
import io.eragate.core.mcp.Era;
import io.eragate.core.sse.SseEvent;
import io.eragate.core.sse.SseLimitExceededException;
import io.eragate.core.sse.SseParser;
import io.eragate.core.stdio.SharedProcessClient;
import io.eragate.netty.stdio.SessionSource;
import io.eragate.netty.stdio.StdioSession;
import io.eragate.netty.upstream.UpstreamCall;
import io.eragate.netty.upstream.UpstreamChannelPool;
import io.eragate.netty.upstream.UpstreamPools;
import io.eragate.netty.upstream.UpstreamTarget;
import io.netty.buffer.ByteBufUtil;
import io.netty.handler.codec.http.HttpContent;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpResponse;
import java.net.URI;
import java.time.Duration;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One upstream that speaks only 2024-11-05 HTTP+SSE, served through one shared session: a GET opens the event
 * stream, whose first event names the endpoint for POSTs; Eragate initializes the session once in its own name (as it
 * does a stdio process) and then many client requests share it, each under an id of Eragate's own. A session whose
 * stream ends fails its requests at once, and the next request opens a new one.
 *
 * <p>Threading: {@link #acquire()} may be called from any thread; a session's stream is read on the event loop of
 * the pool it was opened from.
 */
final class SseUpstream implements SessionSource {
    private static final Logger log = LoggerFactory.getLogger(SseUpstream.class);
    private static final int MAX_EVENT_BYTES = 16 * 1024 * 1024;

    private final UpstreamTarget target;
    private final UpstreamPools pools;
    private final SharedProcessClient client;
    private final Duration requestTimeout;
    private final Duration initializeTimeout;
    private final int maxInFlight;
    private StdioSession session;
    private CompletableFuture<StdioSession> opening;
    private Stream stream;
    private boolean closed;
    private long sessions;

    SseUpstream(UpstreamTarget target, UpstreamPools pools, SharedProcessClient client, Duration requestTimeout,
            Duration initializeTimeout, int maxInFlight) {
        this.target = target;
        this.pools = pools;
        this.client = client;
        this.requestTimeout = requestTimeout;
        this.initializeTimeout = initializeTimeout;
        this.maxInFlight = maxInFlight;
    }

    @Override
    public String name() {
        return target.name();
    }

    @Override
    public Duration requestTimeout() {
        return requestTimeout;
    }

    @Override
    public synchronized CompletableFuture<StdioSession> acquire() {
        if (closed) {
            return CompletableFuture.failedFuture(new IllegalStateException("the gateway is shutting down"));
        }
        if (session != null && !session.isGone()) {
            return CompletableFuture.completedFuture(session);
        }
        if (opening == null) {
            Stream opened = new Stream(pools.current(), ++sessions);
            stream = opened;
            CompletableFuture<StdioSession> ready = opened.ready;
            opening = ready;
            ready.whenComplete((readySession, failure) -> onOpened(ready, readySession));
            opened.pool.eventLoop().execute(opened::start);
        }
        // Each caller its own future: one that gives up (cancels) must not fail the others.
        return opening.thenApply(Function.identity());
    }

    private synchronized void onOpened(CompletableFuture<StdioSession> ready, StdioSession readySession) {
        if (opening == ready) {
            opening = null;
            session = readySession;
        }
    }

    private synchronized void onLost(StdioSession lost) {
        if (session == lost) {
            session = null;
        }
    }

    /** Ends the current session's stream; requests on it fail with 502. */
    void close() {
        Stream current;
        synchronized (this) {
            closed = true;
            current = stream;
        }
        if (current != null) {
            current.pool.eventLoop().execute(() -> current.end("the gateway is shutting down"));
        }
    }

    /** One GET event stream and the session it carries. Confined to its pool's event loop. */
    private final class Stream implements UpstreamCall.Handler {
        final UpstreamChannelPool pool;
        final CompletableFuture<StdioSession> ready = new CompletableFuture<>();
        private final String label;
        private final SseParser parser = new SseParser(MAX_EVENT_BYTES, MAX_EVENT_BYTES);
        private UpstreamCall call;
        private SseLink link;
        private StdioSession carried;
        private boolean ended;

        Stream(UpstreamChannelPool pool, long sequence) {
            this.pool = pool;
            this.label = target.name() + "#sse" + sequence;
        }

        void start() {
            call = UpstreamCall.start(pool, target, HttpSseRequests.openStream(target), initializeTimeout, this);
            pool.eventLoop().schedule(() -> {
                if (!ready.isDone()) {
                    end("no endpoint event and initialize result within " + initializeTimeout.toMillis() + " ms");
                }
            }, initializeTimeout.toMillis(), TimeUnit.MILLISECONDS);
        }

        @Override
        public void onHead(HttpResponse head) {
            String type = head.headers().get(HttpHeaderNames.CONTENT_TYPE, "").toLowerCase(Locale.ROOT);
            if (head.status().code() != 200 || !type.startsWith("text/event-stream")) {
                end("the GET for the event stream was answered HTTP " + head.status().code() + " " + type);
            }
        }

        @Override
        public void onContent(HttpContent content, boolean last) {
            try {
                if (!ended) {
                    byte[] bytes = ByteBufUtil.getBytes(content.content());
                    parser.feed(bytes, 0, bytes.length, this::onEvent);
                }
            } catch (SseLimitExceededException e) {
                end("an event of the stream is too large: " + e.getMessage());
            } finally {
                content.release();
            }
            if (last) {
                end("the upstream ended its event stream");
            }
        }

        @Override
        public void onFailure(Throwable cause, boolean beforeHead) {
            end((beforeHead ? "could not open the event stream: " : "the event stream broke: ")
                    + (cause.getMessage() == null ? cause.getClass().getSimpleName() : cause.getMessage()));
        }

        private void onEvent(SseEvent event) {
            if (ended) {
                return;
            }
            if (carried == null) {
                if (HttpSseFallback.ENDPOINT_EVENT.equals(event.type())) {
                    onEndpoint(event.data());
                }
                return;
            }
            if (event.isMessage() && !event.data().isEmpty()) {
                carried.onMessage(event.data());
            }
        }

        private void onEndpoint(String data) {
            Optional<URI> endpoint = HttpSseFallback.endpoint(target.url(), data);
            if (endpoint.isEmpty()) {
                end("the endpoint event names no URI of the same origin: " + data);
                return;
            }
            link = new SseLink(label, pool, target.withUrl(endpoint.get()), requestTimeout,
                    why -> pool.eventLoop().execute(() -> end(why)), () -> pool.eventLoop().execute(
                            () -> end("the session was abandoned")));
            carried = new StdioSession(target.name(), Era.LEGACY, link, maxInFlight, (lost, code) -> onLost(lost));
            carried.handshake(client.initializeParams(), initializeTimeout).whenComplete((result, failure) -> {
                if (failure != null) {
                    Throwable cause = failure instanceof CompletionException && failure.getCause() != null
                            ? failure.getCause() : failure;
                    pool.eventLoop().execute(() -> end("the session's initialize failed: " + cause.getMessage()));
                } else {
                    log.info("Opened 2024-11-05 HTTP+SSE session {} with {} ({})", label, target.name(),
                            result.path("protocolVersion").asText());
                    ready.complete(carried);
                }
            });
        }

        /** Ends the stream for {@code why}: its session's requests fail, and a waiting open fails. */
        void end(String why) {
            if (ended) {
                return;
            }
            ended = true;
            if (call != null) {
                call.abort();
            }
            if (link != null) {
                link.close();
            }
            if (carried != null) {
                carried.onLinkLost("upstream " + why);
            }
            if (!ready.isDone()) {
                log.info("HTTP+SSE session {} of {} could not be opened: {}", label, target.name(), why);
                ready.completeExceptionally(new IllegalStateException("upstream " + why));
            } else {
                log.info("HTTP+SSE session {} of {} ended: {}", label, target.name(), why);
            }
        }
    }
}
