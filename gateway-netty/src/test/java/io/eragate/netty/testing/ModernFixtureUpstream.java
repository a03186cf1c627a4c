package io.eragate.netty.testing;

import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.function.Predicate;

/**
 * An in-process 2026-07-28 MCP server on a real loopback socket, for integration tests and benchmarks.
 *
 * <p>It serves {@code POST /mcp} only: {@code server/discover}, {@code tools/list} and {@code tools/call}, where the
 * tool name picks a canned behaviour so one fixture serves many tests:
 * <ul>
 *   <li>{@code echo {message}} → text {@code "Echo: <message>"};</li>
 *   <li>{@code slow {ms, steps}} → in SSE mode {@code steps} {@code notifications/progress} events (only when the
 *       request carries a progressToken) spaced {@code ms/steps} apart, then the result; in JSON mode the result after
 *       {@code ms};</li>
 *   <li>{@code hang} → never answers; {@link RecordedRequest#closedByClient()} completes when the client leaves;</li>
 *   <li>{@code die_mid_stream} → SSE headers and one progress event, then the connection drops;</li>
 *   <li>{@code html_error} → {@code 500 text/html}; {@code exception_body} → {@code 400} with a Java exception as
 *       JSON that is not JSON-RPC.</li>
 * </ul>
 * Every result carries {@code resultType: "complete"} and {@code _meta} serverInfo; list and discover results carry
 * {@code ttlMs} and {@code cacheScope}. Every request is recorded (bounded) for assertions.
 *
 * <pre>{@code
 * try (ModernFixtureUpstream upstream = ModernFixtureUpstream.builder().responseMode(ResponseMode.SSE).start()) {
 *     // point the gateway at upstream.uri(), then assert on upstream.requests()
 * }
 * }</pre>
 */
public final class ModernFixtureUpstream implements AutoCloseable {
    /** {@code serverInfo.name} on every result. */
    public static final String SERVER_NAME = "modern-fixture";
    /** {@code serverInfo.version} on every result. */
    public static final String SERVER_VERSION = "1.0";

    private final RequestLog log;
    private final FixtureServer server;

    private ModernFixtureUpstream(Builder builder) {
        log = new RequestLog(builder.options.maxRecordedRequests());
        ModernCatalog catalog = new ModernCatalog(SERVER_NAME, SERVER_VERSION);
        ReplyWriter replies = new ReplyWriter(builder.responseMode, builder.keepAliveComment, false, false);
        ModernEndpoint endpoint = new ModernEndpoint(catalog, new ModernTools(catalog, replies), replies);
        server = new FixtureServer("modern-fixture", builder.options, log, endpoint);
    }

    /** A fixture with the defaults: JSON replies, keep-alive on. */
    public static ModernFixtureUpstream start() {
        return builder().start();
    }

    public static Builder builder() {
        return new Builder();
    }

    /** The ephemeral port it listens on at 127.0.0.1. */
    public int port() {
        return server.port();
    }

    /** {@code http://127.0.0.1:<port>/mcp}. */
    public URI uri() {
        return URI.create("http://127.0.0.1:" + port() + ModernEndpoint.PATH);
    }

    /** The requests received so far, oldest first (at most the configured number). */
    public List<RecordedRequest> requests() {
        return log.snapshot();
    }

    /**
     * Waits until a received request matches.
     *
     * @throws AssertionError when none arrives within {@code timeout}
     */
    public RecordedRequest awaitRequest(Predicate<RecordedRequest> matcher, Duration timeout) {
        return log.await(matcher, Objects.requireNonNull(timeout, "timeout"));
    }

    public void clearRequests() {
        log.clear();
    }

    /** How many TCP connections it accepted, to assert connection reuse. */
    public int connectionsAccepted() {
        return server.connectionsAccepted();
    }

    /** Closes every connection and stops its event loops; waits (bounded) until they have stopped. */
    @Override
    public void close() {
        server.close();
    }

    /** Options of a {@link ModernFixtureUpstream}; every one has a default. */
    public static final class Builder {
        private FixtureOptions options = FixtureOptions.DEFAULTS;
        private ResponseMode responseMode = ResponseMode.JSON;
        private boolean keepAliveComment;

        private Builder() {
        }

        /** JSON (default) or SSE answers. */
        public Builder responseMode(ResponseMode mode) {
            this.responseMode = Objects.requireNonNull(mode, "mode");
            return this;
        }

        /** Whether an SSE answer opens with a {@code :} keep-alive comment before its first event (default off). */
        public Builder keepAliveComment(boolean enabled) {
            this.keepAliveComment = enabled;
            return this;
        }

        /** Whether HTTP keep-alive is honoured (default on); off closes the connection after every response. */
        public Builder keepAliveConnection(boolean enabled) {
            options = options.withKeepAliveConnection(enabled);
            return this;
        }

        /** How many requests to keep for assertions (default 1024; oldest dropped first). */
        public Builder maxRecordedRequests(int count) {
            options = options.withMaxRecordedRequests(count);
            return this;
        }

        /** Event-loop threads (default 1); benchmarks may want more. */
        public Builder ioThreads(int threads) {
            options = options.withIoThreads(threads);
            return this;
        }

        /** Largest accepted request body (default 1 MiB; larger gets 413). */
        public Builder maxRequestBytes(int bytes) {
            options = options.withMaxRequestBytes(bytes);
            return this;
        }

        /** Binds and returns the running fixture. */
        public ModernFixtureUpstream start() {
            return new ModernFixtureUpstream(this);
        }
    }
}
