package io.eragate.netty.bridge;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.eragate.core.bridge.IdRewriter;
import io.eragate.core.bridge.LegacyReplyReader;
import io.eragate.core.bridge.LogFilter;
import io.eragate.core.jsonrpc.JsonRpcErrorCodes;
import io.eragate.core.jsonrpc.JsonRpcId;
import io.eragate.core.jsonrpc.JsonRpcNotification;
import io.eragate.core.jsonrpc.JsonRpcRequest;
import io.eragate.core.jsonrpc.JsonRpcResponse;
import io.eragate.core.mcp.Era;
import io.eragate.core.mcp.Methods;
import io.eragate.core.mcp.ProtocolVersions;
import io.eragate.core.session.SessionConnector;
import io.eragate.core.session.SessionKey;
import io.eragate.core.session.UpstreamSession;
import io.eragate.netty.telemetry.UpstreamSpan;
import io.eragate.netty.upstream.BufferedUpstreamCall;
import io.eragate.netty.upstream.UpstreamChannelPool;
import io.eragate.netty.upstream.UpstreamPools;
import io.eragate.netty.upstream.UpstreamReply;
import io.eragate.netty.upstream.UpstreamTarget;
import java.time.Clock;
import java.time.Duration;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Opens and closes legacy upstream sessions over HTTP: {@code initialize}, {@code notifications/initialized} and,
 * when the upstream logs, one {@code logging/setLevel} to the most verbose level (each request's own level is applied
 * by the gateway). Keeps each open session's id rewriter.
 */
final class NettySessionConnector implements SessionConnector {
    private static final Logger log = LoggerFactory.getLogger(NettySessionConnector.class);
    private static final int MAX_HANDSHAKE_BODY_BYTES = 1024 * 1024;
    private static final AtomicLong SESSION_SEQ = new AtomicLong();

    /** Replaced as a whole by a reload. */
    private volatile Map<String, UpstreamTarget> targets;
    private final UpstreamPools pools;
    private final Duration timeout;
    private final int maxInFlightPerSession;
    private final Clock clock;
    private final Map<UpstreamSession, SessionUse> uses = Collections.synchronizedMap(new IdentityHashMap<>());
    private final AtomicLong initializeCount = new AtomicLong();
    private final Set<CompletableFuture<Void>> closing = ConcurrentHashMap.newKeySet();

    NettySessionConnector(Map<String, UpstreamTarget> targets, UpstreamPools pools, Duration timeout,
            int maxInFlightPerSession, Clock clock) {
        this.targets = Map.copyOf(targets);
        this.pools = pools;
        this.timeout = timeout;
        this.maxInFlightPerSession = maxInFlightPerSession;
        this.clock = clock;
    }

    /**
     * A reload changed the upstreams: new sessions open on {@code next}; the sessions of {@code leaving} keep the
     * target they were opened on, so that their DELETE reaches the server that knows them.
     */
    void retarget(Map<String, UpstreamTarget> next, Set<String> leaving) {
        Map<String, UpstreamTarget> running = targets;
        synchronized (uses) {
            uses.forEach((session, use) -> {
                if (leaving.contains(session.key().upstream())) {
                    use.openedOn = running.get(session.key().upstream());
                }
            });
        }
        targets = Map.copyOf(next);
    }

    /** The id rewriter of an open session. */
    IdRewriter rewriter(UpstreamSession session) {
        return use(session).rewriter;
    }

    /** An exchange on {@code session} has ended: a close that waited for the session's last request goes ahead. */
    void exchangeEnded(UpstreamSession session) {
        SessionUse use = uses.get(session);
        if (use != null && use.mayDeleteAfterExchange()) {
            delete(session, use);
        }
    }

    private SessionUse use(UpstreamSession session) {
        return uses.computeIfAbsent(session,
                s -> new SessionUse(new IdRewriter(SESSION_SEQ.incrementAndGet(), maxInFlightPerSession)));
    }

    /** How many {@code initialize} handshakes were sent since start. */
    long initializeCount() {
        return initializeCount.get();
    }

    @Override
    public CompletableFuture<UpstreamSession> open(SessionKey key, ObjectNode initializeParams) {
        UpstreamTarget target = targets.get(key.upstream());
        if (target == null) {
            return CompletableFuture.failedFuture(new IllegalStateException("unknown upstream " + key.upstream()));
        }
        UpstreamChannelPool pool = pools.current();
        JsonRpcId id = JsonRpcId.of("eragate-initialize-" + SESSION_SEQ.incrementAndGet());
        initializeCount.incrementAndGet();
        UpstreamSpan span = UpstreamSpan.start(Methods.INITIALIZE, target.name(), Era.LEGACY);
        JsonRpcRequest initialize = new JsonRpcRequest(id, Methods.INITIALIZE, span.stamp(initializeParams.deepCopy()));
        return BufferedUpstreamCall.send(pool, target, LegacyRequests.forPrincipal(target,
                                LegacyRequests.post(target, initialize, null, null), key.principal()), timeout,
                        MAX_HANDSHAKE_BODY_BYTES)
                .whenComplete((reply, failure) -> span.end(failure))
                .thenApply(reply -> sessionFrom(key, target, id, reply))
                .thenCompose(session -> notifyInitialized(pool, target, session))
                .thenCompose(session -> raiseLogLevel(pool, target, session));
    }

    private UpstreamSession sessionFrom(SessionKey key, UpstreamTarget target, JsonRpcId id, UpstreamReply reply) {
        Optional<JsonRpcResponse> response = LegacyReplyReader.responseTo(id, reply.contentType(), reply.body())
                .or(() -> LegacyReplyReader.firstResponse(reply.contentType(), reply.body()));
        if (response.isEmpty()) {
            throw new SessionOpenException("upstream " + target.name() + " answered initialize with HTTP "
                    + reply.status() + " and no JSON-RPC response", 502, false);
        }
        if (response.get().isError()) {
            var error = response.get().error();
            boolean modern = error.code() == JsonRpcErrorCodes.UNSUPPORTED_PROTOCOL_VERSION
                    && error.data() != null && supportsModern(error.data().get("supported"));
            throw new SessionOpenException("upstream " + target.name() + " refused initialize: " + error.code()
                    + " " + error.message(), 502, modern);
        }
        JsonNode result = response.get().result();
        String version = result.path("protocolVersion").asText("");
        if (!result.isObject() || !ProtocolVersions.isSupportedLegacy(version)) {
            throw new SessionOpenException("upstream " + target.name() + " negotiated protocol version \""
                    + version + "\", which the bridge does not speak", 502, false);
        }
        log.info("Opened upstream session {} with {} ({}) for {}", reply.sessionId(), target.name(), version,
                key.principal());
        return new UpstreamSession(key, reply.sessionId(), version, (ObjectNode) result, clock.instant());
    }

    private CompletableFuture<UpstreamSession> notifyInitialized(UpstreamChannelPool pool, UpstreamTarget target,
            UpstreamSession session) {
        return BufferedUpstreamCall.send(pool, target, LegacyRequests.post(target,
                        new JsonRpcNotification(Methods.NOTIFICATION_INITIALIZED, null), session), timeout,
                        MAX_HANDSHAKE_BODY_BYTES)
                .thenApply(reply -> {
                    if (reply.status() / 100 != 2) {
                        throw new SessionOpenException("upstream " + target.name()
                                + " refused notifications/initialized with HTTP " + reply.status(), 502, false);
                    }
                    return session;
                });
    }

    private CompletableFuture<UpstreamSession> raiseLogLevel(UpstreamChannelPool pool, UpstreamTarget target,
            UpstreamSession session) {
        if (!session.initializeResult().path("capabilities").has("logging")) {
            return CompletableFuture.completedFuture(session);
        }
        ObjectNode params = JsonNodeFactory.instance.objectNode().put("level", LogFilter.mostVerboseLevel());
        JsonRpcRequest setLevel = new JsonRpcRequest(JsonRpcId.of("eragate-loglevel-" + SESSION_SEQ.incrementAndGet()),
                Methods.LOGGING_SET_LEVEL, params);
        return BufferedUpstreamCall.send(pool, target, LegacyRequests.post(target, setLevel, session), timeout,
                        MAX_HANDSHAKE_BODY_BYTES)
                .handle((reply, failure) -> {
                    if (failure != null || reply.status() / 100 != 2) {
                        // Logs are a convenience: a session without them still serves every request.
                        log.info("Upstream {} did not accept logging/setLevel: {}", target.name(),
                                failure != null ? failure.toString() : "HTTP " + reply.status());
                    }
                    return session;
                });
    }

    /**
     * Ends {@code session} upstream with a DELETE once no request is in flight on it: a session leaves the pool when
     * it has been idle or is evicted, but a long call may still be running on it, and a DELETE would end that call.
     */
    @Override
    public CompletableFuture<Void> close(UpstreamSession session) {
        SessionUse use = use(session);
        closing.add(use.closed);
        use.closed.whenComplete((ignored, failure) -> closing.remove(use.closed));
        if (use.mayDeleteNow()) {
            delete(session, use);
        } else {
            log.debug("Upstream session {} of {} is closed once its {} request(s) in flight end", session.sessionId(),
                    session.key().upstream(), use.rewriter.inFlight());
        }
        return use.closed;
    }

    private void delete(UpstreamSession session, SessionUse use) {
        uses.remove(session);
        UpstreamTarget target = use.openedOn != null ? use.openedOn : targets.get(session.key().upstream());
        if (session.sessionId() == null || target == null) {
            use.closed.complete(null);
            return;
        }
        BufferedUpstreamCall.send(pools.current(), target,
                        LegacyRequests.delete(target, session), timeout,
                        MAX_HANDSHAKE_BODY_BYTES)
                .whenComplete((reply, failure) -> {
                    log.debug("Closed upstream session {} of {}: {}", session.sessionId(), target.name(),
                            failure != null ? failure.toString() : "HTTP " + reply.status());
                    use.closed.complete(null);
                });
    }

    /** Completes when every DELETE sent so far has been answered or has failed (each is bounded by the timeout). */
    CompletableFuture<Void> closesInFlight() {
        return CompletableFuture.allOf(closing.toArray(CompletableFuture[]::new));
    }

    /** How long a DELETE may take. */
    Duration timeout() {
        return timeout;
    }

    private static boolean supportsModern(JsonNode supported) {
        if (supported == null || !supported.isArray()) {
            return false;
        }
        for (JsonNode version : supported) {
            if (ProtocolVersions.isSupportedModern(version.asText())) {
                return true;
            }
        }
        return false;
    }

    /** One session's id rewriter, and whether it is to be closed once its requests in flight end. */
    private static final class SessionUse {
        final IdRewriter rewriter;
        final CompletableFuture<Void> closed = new CompletableFuture<>();
        /** Set when a reload removed or changed the session's upstream: where its DELETE goes. */
        volatile UpstreamTarget openedOn;
        private boolean closeWanted;
        private boolean deleting;

        SessionUse(IdRewriter rewriter) {
            this.rewriter = rewriter;
        }

        /** Asks for the close; true when nothing is in flight, so the DELETE goes now (and only once). */
        synchronized boolean mayDeleteNow() {
            closeWanted = true;
            return takeDelete();
        }

        /** True when a close was asked for and the exchange that just ended was the last one in flight. */
        synchronized boolean mayDeleteAfterExchange() {
            return closeWanted && takeDelete();
        }

        private boolean takeDelete() {
            if (deleting || rewriter.inFlight() > 0) {
                return false;
            }
            deleting = true;
            return true;
        }
    }
}
