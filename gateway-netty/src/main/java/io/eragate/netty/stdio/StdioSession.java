package io.eragate.netty.stdio;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.eragate.core.bridge.IdRewriter;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import io.eragate.core.bridge.LegacyReplyReader;
import io.eragate.core.bridge.LogFilter;
import io.eragate.core.bridge.ModernRequestTranslator;
import io.eragate.core.bridge.UpstreamExchange;
import io.eragate.core.jsonrpc.JsonRpcCodec;
import io.eragate.core.jsonrpc.JsonRpcErrorCodes;
import io.eragate.core.jsonrpc.JsonRpcId;
import io.eragate.core.jsonrpc.JsonRpcMessage;
import io.eragate.core.jsonrpc.JsonRpcNotification;
import io.eragate.core.jsonrpc.JsonRpcRequest;
import io.eragate.core.jsonrpc.JsonRpcResponse;
import io.eragate.core.mcp.Era;
import io.eragate.core.mcp.MetaKeys;
import io.eragate.core.mcp.Methods;
import io.eragate.core.mcp.ProtocolVersions;
import io.eragate.core.stdio.ModernStdioRequests;
import io.eragate.core.stdio.SharedProcessClient;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The MCP conversation with one server (a process, or a 2024-11-05 HTTP+SSE session), shared by many client
 * requests. Every request gets an id (and progress
 * token) of Eragate's own from the process's {@link IdRewriter}, so answers go to their own caller and to no one
 * else; a response whose id is unknown (late, or for a cancelled request) is dropped.
 *
 * <p>Lines arrive on the process's reader thread, which parses them and hands each message to the event loop of the
 * request it belongs to. Requests the process sends to its client ({@code ping}, {@code roots/list}) are answered
 * here. A {@code notifications/message} on stdio names no request, so it goes to a request only while that request
 * is the only one in flight; other notifications (such as a {@code list_changed} that arrives before the
 * {@code initialize} result) concern no request and are dropped.
 *
 * <p>Thread-safe: requests start and end on many event loops while the reader thread routes answers.
 */
public final class StdioSession implements StdioProcess.Listener {
    private static final Logger log = LoggerFactory.getLogger(StdioSession.class);
    private static final AtomicLong SESSION_SEQ = new AtomicLong();
    private static final int LOGGED_GARBAGE_LINES = 10;
    private static final int SNIPPET_CHARS = 200;

    /** Told when the link is lost and every request on it has been failed; called on the thread that saw it. */
    public interface ExitListener {
        /** {@code exitCode} is the process's, or -1 for a link that is no process. */
        void onSessionExit(StdioSession session, int exitCode);
    }

    /** What a request in flight hears from the process; called on the request's own executor. */
    interface CallListener {

        /** The process's response to the request, with Eragate's upstream id. */
        void onResponse(JsonRpcResponse response);

        /** A notification for the request: progress (with the client's own token) or a log message. */
        void onNotification(JsonRpcNotification notification);

        /** The process is gone; the request will never be answered. */
        void onProcessGone(String why);
    }

    /** One request in flight on the process. */
    static final class Call {
        private final UpstreamExchange exchange;
        private final CallListener listener;
        private final Executor executor;

        private Call(UpstreamExchange exchange, CallListener listener, Executor executor) {
            this.exchange = exchange;
            this.listener = listener;
            this.executor = executor;
        }

        /** The ids of the request on both sides. */
        UpstreamExchange exchange() {
            return exchange;
        }

        private void deliver(Runnable task) {
            try {
                executor.execute(task);
            } catch (RejectedExecutionException e) {
                log.debug("Dropped an answer for {}: its event loop has stopped", exchange.upstreamId());
            }
        }
    }

    private final String upstream;
    private final Era era;
    private final MessageLink link;
    private final IdRewriter rewriter;
    private final ExitListener onExit;
    private final Map<String, Call> calls = new ConcurrentHashMap<>();
    private final Map<String, CompletableFuture<JsonRpcResponse>> ownRequests = new ConcurrentHashMap<>();
    private final AtomicLong ownIds = new AtomicLong();
    private final AtomicInteger garbageLines = new AtomicInteger();
    private final AtomicBoolean lost = new AtomicBoolean();
    private volatile ObjectNode initializeResult;
    private volatile String stopReason;
    private volatile String goneWhy;

    /**
     * @param upstream the configured upstream name
     * @param era the server's era: the bridge translation for legacy, requests as sent for modern
     * @param link how messages reach the server
     * @param maxPendingRequests requests the server carries at once
     * @param onExit told once the link is lost and every request has been failed
     */
    public StdioSession(String upstream, Era era, MessageLink link, int maxPendingRequests, ExitListener onExit) {
        this.upstream = upstream;
        this.era = era;
        this.link = link;
        this.rewriter = new IdRewriter(SESSION_SEQ.incrementAndGet(), maxPendingRequests);
        this.onExit = onExit;
    }

    /** The server's era. */
    public Era era() {
        return era;
    }

    /** The legacy server's {@code InitializeResult}; {@code null} for a modern one or before the handshake. */
    public ObjectNode initializeResult() {
        return initializeResult;
    }

    /** Records the legacy handshake's result. */
    public void initialized(ObjectNode result) {
        this.initializeResult = result;
    }

    /** Requests in flight now. */
    public int inFlight() {
        return rewriter.inFlight();
    }

    /** Whether the link is lost (or being closed) and takes no more requests. */
    public boolean isGone() {
        return goneWhy != null || stopReason != null;
    }

    /**
     * Sends a client's modern request to the process, translated for its era.
     *
     * @return the call, or empty when the process already carries {@code maxPendingRequests} requests, is gone, or
     *     its stdin queue is full
     */
    Optional<Call> begin(JsonRpcRequest modern, CallListener listener, Executor executor) {
        if (isGone()) {
            return Optional.empty();
        }
        Optional<UpstreamExchange> begun =
                rewriter.tryBegin(modern.id(), ModernRequestTranslator.clientProgressToken(modern));
        if (begun.isEmpty()) {
            return Optional.empty();
        }
        UpstreamExchange exchange = begun.get();
        JsonRpcRequest sent = era == Era.LEGACY
                ? ModernRequestTranslator.toLegacy(modern, exchange)
                : ModernStdioRequests.forward(modern, exchange);
        Call call = new Call(exchange, listener, executor);
        calls.put(key(exchange.upstreamId()), call);
        if (lost.get()) {
            // The link was lost while this call registered: it would never be failed by the loss.
            end(call);
            return Optional.empty();
        }
        if (!link.send(JsonRpcCodec.encode(sent))) {
            end(call);
            return Optional.empty();
        }
        return Optional.of(call);
    }

    /**
     * The client no longer waits for {@code call}: it is forgotten, and the process is told with
     * {@code notifications/cancelled} so that it can stop the work.
     */
    void cancel(Call call, String reason) {
        if (end(call)) {
            JsonRpcNotification cancelled = ModernRequestTranslator.cancellation(call.exchange(), reason);
            link.send(JsonRpcCodec.encode(cancelled));
        }
    }

    /**
     * Sends a request of Eragate's own (the {@code initialize} handshake, {@code logging/setLevel}); the future
     * completes with the response on the reader thread, or fails when the process exits first.
     */
    public CompletableFuture<JsonRpcResponse> request(String method, ObjectNode params) {
        JsonRpcId id = JsonRpcId.of("eragate-" + method.replace('/', '-') + "-" + ownIds.incrementAndGet());
        CompletableFuture<JsonRpcResponse> response = new CompletableFuture<>();
        ownRequests.put(key(id), response);
        if (!link.send(JsonRpcCodec.encode(new JsonRpcRequest(id, method, params))) && lost.get()) {
            // A refused send means the process is going away; while its loss is still unreported, the request
            // stays registered so that it fails with the real reason (the exit code), not a generic one.
            ownRequests.remove(key(id));
            String why = goneWhy;
            response.completeExceptionally(new IllegalStateException(why != null ? why : "the process is gone"));
        }
        return response;
    }

    /**
     * The one legacy handshake of this session: {@code initialize} with {@code initializeParams}, a check that the
     * negotiated version is one Eragate speaks, {@code notifications/initialized}, and (when the server logs)
     * {@code logging/setLevel} to the most verbose level, since each request's own level is applied by Eragate. Fails
     * with {@link HandshakeException}, or a {@link java.util.concurrent.TimeoutException} after {@code timeout}.
     */
    public CompletableFuture<ObjectNode> handshake(ObjectNode initializeParams, Duration timeout) {
        return request(Methods.INITIALIZE, initializeParams)
                .orTimeout(timeout.toMillis(), TimeUnit.MILLISECONDS)
                .thenApply(response -> {
                    if (response.isError()) {
                        throw new HandshakeException("refused initialize: " + response.error().code() + " "
                                + response.error().message(),
                                response.error().code() == JsonRpcErrorCodes.UNSUPPORTED_PROTOCOL_VERSION);
                    }
                    JsonNode result = response.result();
                    String version = result.path("protocolVersion").asText("");
                    if (!result.isObject() || !ProtocolVersions.isSupportedLegacy(version)) {
                        throw new HandshakeException("negotiated protocol version \"" + version
                                + "\", which Eragate does not speak", false);
                    }
                    ObjectNode initializeResult = (ObjectNode) result;
                    initialized(initializeResult);
                    notify(Methods.NOTIFICATION_INITIALIZED, null);
                    if (initializeResult.path("capabilities").has("logging")) {
                        request(Methods.LOGGING_SET_LEVEL,
                                JsonNodeFactory.instance.objectNode().put("level", LogFilter.mostVerboseLevel()));
                    }
                    return initializeResult;
                });
    }

    /** A legacy server refused the handshake, or negotiated a version Eragate does not speak. */
    public static final class HandshakeException extends RuntimeException {
        private static final long serialVersionUID = 1L;

        private final boolean modernRefusal;

        HandshakeException(String message, boolean modernRefusal) {
            super(message, null, false, false);
            this.modernRefusal = modernRefusal;
        }

        /** Whether the server refused {@code initialize} with -32022: it is modern after all. */
        public boolean modernRefusal() {
            return modernRefusal;
        }
    }

    /** Sends a notification of Eragate's own. */
    public void notify(String method, ObjectNode params) {
        link.send(JsonRpcCodec.encode(new JsonRpcNotification(method, params)));
    }

    /** Marks the process as being stopped for {@code reason}; requests failing after this say why. */
    public void stopping(String reason) {
        if (stopReason == null) {
            stopReason = reason;
        }
    }

    @Override
    public void onLine(String line) {
        onMessage(line);
    }

    /** One JSON-RPC message (or a line that should have been one) from the server. */
    public void onMessage(String line) {
        List<JsonRpcMessage> messages = LegacyReplyReader.messages("application/json",
                line.getBytes(StandardCharsets.UTF_8));
        if (messages.isEmpty()) {
            onGarbage(line);
            return;
        }
        for (JsonRpcMessage message : messages) {
            if (message instanceof JsonRpcResponse response) {
                onResponse(response);
            } else if (message instanceof JsonRpcNotification notification) {
                onNotification(notification);
            } else if (message instanceof JsonRpcRequest request) {
                link.send(JsonRpcCodec.encode(SharedProcessClient.answer(request)));
            }
        }
    }

    private void onResponse(JsonRpcResponse response) {
        if (response.id() == null) {
            log.info("[{}] error without a request id: {} {}", link.label(), response.error().code(),
                    response.error().message());
            return;
        }
        String id = key(response.id());
        CompletableFuture<JsonRpcResponse> own = ownRequests.remove(id);
        if (own != null) {
            own.complete(response);
            return;
        }
        Call call = calls.get(id);
        if (call != null && end(call)) {
            call.deliver(() -> call.listener.onResponse(response));
        } else {
            log.debug("[{}] dropped a response to {}: no request in flight has that id", link.label(), id);
        }
    }

    private void onNotification(JsonRpcNotification notification) {
        ObjectNode params = notification.params();
        if (Methods.NOTIFICATION_PROGRESS.equals(notification.method()) && params != null) {
            JsonNode token = params.get(MetaKeys.PROGRESS_TOKEN);
            Optional<UpstreamExchange> owner = rewriter.byUpstreamProgressToken(token);
            Optional<ObjectNode> rewritten = rewriter.progressForClient(params);
            Call call = owner.map(exchange -> calls.get(key(exchange.upstreamId()))).orElse(null);
            if (call != null && rewritten.isPresent()) {
                JsonRpcNotification forClient = new JsonRpcNotification(notification.method(), rewritten.get());
                call.deliver(() -> call.listener.onNotification(forClient));
            }
            return;
        }
        if (Methods.NOTIFICATION_MESSAGE.equals(notification.method()) && params != null) {
            List<Call> inFlight = List.copyOf(calls.values());
            if (inFlight.size() == 1) {
                Call only = inFlight.get(0);
                only.deliver(() -> only.listener.onNotification(notification));
            }
            return;
        }
        log.debug("[{}] notification {} concerns no request; dropped", link.label(), notification.method());
    }

    private void onGarbage(String line) {
        int seen = garbageLines.incrementAndGet();
        String snippet = line.length() > SNIPPET_CHARS ? line.substring(0, SNIPPET_CHARS) + "…" : line;
        if (seen <= LOGGED_GARBAGE_LINES) {
            log.warn("[{}] stdout line is not JSON-RPC, ignored (MCP servers must log to stderr): {}",
                    link.label(), snippet);
        } else {
            log.debug("[{}] stdout line is not JSON-RPC, ignored: {}", link.label(), snippet);
        }
    }

    @Override
    public void onLineTooLong(int maxLineBytes) {
        stopping("wrote a stdout line longer than " + maxLineBytes + " bytes (maxLineBytes)");
        log.warn("[{}] {}; restarting it", link.label(), stopReason);
        link.abandon();
    }

    @Override
    public void onExited(int exitCode) {
        String why = stopReason != null
                ? "upstream process " + stopReason + " (exit code " + exitCode + ")"
                : "upstream process exited with code " + exitCode;
        linkLost(why, exitCode);
    }

    /** The link to the server is gone for {@code why}: every request on it fails, and no more are taken. */
    public void onLinkLost(String why) {
        linkLost(stopReason != null ? why + " (" + stopReason + ")" : why, -1);
    }

    private void linkLost(String why, int exitCode) {
        if (!lost.compareAndSet(false, true)) {
            return;
        }
        goneWhy = why;
        for (Call call : List.copyOf(calls.values())) {
            if (end(call)) {
                call.deliver(() -> call.listener.onProcessGone(why));
            }
        }
        for (String id : List.copyOf(ownRequests.keySet())) {
            CompletableFuture<JsonRpcResponse> own = ownRequests.remove(id);
            if (own != null) {
                own.completeExceptionally(new IllegalStateException(why));
            }
        }
        onExit.onSessionExit(this, exitCode);
    }

    /** Why the process is gone, or {@code null} while it runs. */
    public String goneWhy() {
        return goneWhy;
    }

    /** Forgets {@code call} and frees its slot; only the first of racing callers gets true. */
    private boolean end(Call call) {
        if (calls.remove(key(call.exchange().upstreamId()), call)) {
            rewriter.release(call.exchange());
            return true;
        }
        return false;
    }

    private static String key(JsonRpcId id) {
        return id.node().isTextual() ? id.node().textValue() : id.node().toString();
    }

    @Override
    public String toString() {
        return upstream + " " + link.label() + " (" + era + ")";
    }
}
