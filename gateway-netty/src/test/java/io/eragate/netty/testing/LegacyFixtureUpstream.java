package io.eragate.netty.testing;

import com.fasterxml.jackson.databind.JsonNode;
import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.function.Predicate;

/**
 * An in-process 2025-11-25 Streamable HTTP MCP server with sessions, on a real loopback socket, modelled on
 * server-everything (TypeScript SDK v1) as recorded in real-peers §3.3–§3.5.
 *
 * <ul>
 *   <li>{@code initialize} creates a session ({@code Mcp-Session-Id} header) and negotiates the requested version
 *       when known, else 2025-11-25; every later request needs the header: missing → 400 {@code -32000 "Bad Request:
 *       No valid session ID provided"} (for {@code server/discover}: {@code "Bad Request: Server not initialized"},
 *       which is what a modern probe sees); unknown → see {@link UnknownSessionReply}.</li>
 *   <li>An {@code MCP-Protocol-Version} header that is not a legacy version → 400.</li>
 *   <li>{@code ping}, {@code logging/setLevel} (remembered per session), {@code tools/list}, {@code tools/call}
 *       ({@code echo}, {@code add}, {@code counter}, {@code slow}, {@code hang}, {@code announce-change}: a
 *       {@code tools/list_changed} on its SSE stream before its result), {@code resources/list|read|subscribe|
 *       unsubscribe} (unknown uri → {@code -32002} with {@code data.uri}), {@code prompts/list|get};
 *       anything else → {@code -32601}. Notifications get 202; {@code notifications/cancelled} stops a running
 *       {@code slow}/{@code hang} and completes its {@link RecordedRequest#cancelledByClient()}.</li>
 *   <li>SSE answers open with a priming event ({@code id: <uuid>} and empty data) and give every event an id.</li>
 *   <li>DELETE ends the session (200); GET is 405 unless standalone streams are enabled.</li>
 * </ul>
 */
public final class LegacyFixtureUpstream implements AutoCloseable {
    /** {@code serverInfo.name} in the initialize result. */
    public static final String SERVER_NAME = "legacy-fixture";
    /** {@code serverInfo.version} in the initialize result. */
    public static final String SERVER_VERSION = "1.0";

    private final RequestLog log;
    private final LegacySessions sessions;
    private final LegacyTools tools;
    private final LegacyCatalog catalog;
    private final FixtureServer server;

    private LegacyFixtureUpstream(Builder builder) {
        log = new RequestLog(builder.options.maxRecordedRequests());
        sessions = new LegacySessions(builder.maxSessions);
        ReplyWriter replies = new ReplyWriter(builder.responseMode, false, true, true);
        catalog = new LegacyCatalog(SERVER_NAME, SERVER_VERSION);
        tools = new LegacyTools(replies, SERVER_NAME);
        LegacyMethods methods = new LegacyMethods(catalog, tools, replies);
        LegacyEndpoint endpoint = new LegacyEndpoint(sessions, catalog, methods, replies,
                builder.unknownSessionReply, builder.standaloneStreams);
        server = new FixtureServer("legacy-fixture", builder.options, log, endpoint, builder.port);
    }

    /** A fixture with the defaults: SSE replies (like server-everything), 404 for unknown sessions, GET 405. */
    public static LegacyFixtureUpstream start() {
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
        return URI.create("http://127.0.0.1:" + port() + LegacyEndpoint.PATH);
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

    /** Forgets every session, as a restarted server would: their ids then get the unknown-session answer. */
    public void expireAllSessions() {
        sessions.expireAll();
    }

    /** How many sessions {@code initialize} created. */
    public int initializeCount() {
        return sessions.initializeCount();
    }

    /** How many sessions a client ended with DELETE. */
    public int deleteCount() {
        return sessions.deleteCount();
    }

    /** How many sessions are live now. */
    public int sessionCount() {
        return sessions.count();
    }

    /** The value of the side-effect counter that the {@code counter} tool increments: how often it really ran. */
    public int counterValue() {
        return tools.counterValue();
    }

    /** The level a session set with {@code logging/setLevel}, if it is live and set one. */
    public Optional<String> logLevel(String sessionId) {
        return sessions.find(Objects.requireNonNull(sessionId, "sessionId")).flatMap(LegacySession::logLevel);
    }

    /**
     * Adds a tool to what {@code tools/list} answers from now on, for every session; it sends no
     * {@code list_changed} itself (see {@link #notifyStandaloneStreams} and the {@code announce-change} tool).
     */
    public void addTool(String name, String description) {
        catalog.addTool(Objects.requireNonNull(name, "name"), Objects.requireNonNull(description, "description"));
    }

    /** The resource URIs a live session subscribed to. */
    public Set<String> subscriptions(String sessionId) {
        return sessions.find(Objects.requireNonNull(sessionId, "sessionId"))
                .map(session -> Set.copyOf(session.subscriptions())).orElse(Set.of());
    }

    /** How many GET streams are open across all sessions. */
    public int openStandaloneStreams() {
        return sessions.all().stream().mapToInt(LegacySession::standaloneStreamCount).sum();
    }

    /**
     * Sends a server notification, such as {@code notifications/tools/list_changed}, on every open GET stream.
     *
     * @param params the notification's params, or {@code null} for none
     * @return how many streams it was sent on
     */
    public int notifyStandaloneStreams(String method, JsonNode params) {
        Objects.requireNonNull(method, "method");
        JsonNode message = JsonRpcWire.notification(method, params == null ? JsonRpcWire.object() : params);
        return sessions.all().stream().mapToInt(session -> session.sendOnStandaloneStreams(message)).sum();
    }

    /**
     * Sends any JSON-RPC message, such as a server request ({@code roots/list}), on every open GET stream.
     *
     * @return how many streams it was sent on
     */
    public int sendOnStandaloneStreams(JsonNode message) {
        Objects.requireNonNull(message, "message");
        return sessions.all().stream().mapToInt(session -> session.sendOnStandaloneStreams(message)).sum();
    }

    /**
     * Sends {@code notifications/resources/updated} for {@code uri} on the GET streams of the sessions subscribed to
     * it.
     *
     * @return how many streams it was sent on
     */
    public int notifyResourceUpdated(String uri) {
        Objects.requireNonNull(uri, "uri");
        JsonNode message = JsonRpcWire.notification("notifications/resources/updated",
                JsonRpcWire.object().put("uri", uri));
        return sessions.all().stream().filter(session -> session.subscriptions().contains(uri))
                .mapToInt(session -> session.sendOnStandaloneStreams(message)).sum();
    }

    /** Closes every connection and stops its event loops; waits (bounded) until they have stopped. */
    @Override
    public void close() {
        server.close();
    }

    /** Options of a {@link LegacyFixtureUpstream}; every one has a default. */
    public static final class Builder {
        private FixtureOptions options = FixtureOptions.DEFAULTS;
        private ResponseMode responseMode = ResponseMode.SSE;
        private UnknownSessionReply unknownSessionReply = UnknownSessionReply.NOT_FOUND_404;
        private boolean standaloneStreams;
        private int maxSessions = 1024;
        private int port;

        private Builder() {
        }

        /** The port to listen on (default 0: any free one); a fixture restarted on its old port is the same URL. */
        public Builder port(int chosen) {
            this.port = chosen;
            return this;
        }

        /** SSE (default, like server-everything) or JSON answers. */
        public Builder responseMode(ResponseMode mode) {
            this.responseMode = Objects.requireNonNull(mode, "mode");
            return this;
        }

        /** The answer to an unknown session id (default {@link UnknownSessionReply#NOT_FOUND_404}). */
        public Builder unknownSessionReply(UnknownSessionReply reply) {
            this.unknownSessionReply = Objects.requireNonNull(reply, "reply");
            return this;
        }

        /** Whether GET opens a standalone SSE stream (default off: 405, as many servers answer). */
        public Builder standaloneStreams(boolean enabled) {
            this.standaloneStreams = enabled;
            return this;
        }

        /** How many live sessions it keeps (default 1024); {@code initialize} beyond that gets 503. */
        public Builder maxSessions(int count) {
            if (count < 1) {
                throw new IllegalArgumentException("maxSessions must be positive: " + count);
            }
            this.maxSessions = count;
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
        public LegacyFixtureUpstream start() {
            return new LegacyFixtureUpstream(this);
        }
    }
}
