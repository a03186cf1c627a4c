package io.eragate.netty.testing;

import com.fasterxml.jackson.databind.JsonNode;
import io.netty.handler.codec.http.HttpResponseStatus;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.Optional;

/**
 * The HTTP face of the legacy fixture: 2025-11-25 Streamable HTTP with sessions, following the TypeScript SDK v1
 * transport as server-everything runs it. Order of checks on a POST: parse, {@code initialize} (creates a session),
 * session header present, session known, {@code MCP-Protocol-Version} legacy, then notifications (202) and requests.
 */
final class LegacyEndpoint implements ExchangeHandler {
    static final String PATH = "/mcp";
    static final String SESSION_HEADER = "Mcp-Session-Id";
    static final String VERSION_HEADER = "MCP-Protocol-Version";

    private final LegacySessions sessions;
    private final LegacyCatalog catalog;
    private final LegacyMethods methods;
    private final ReplyWriter replies;
    private final UnknownSessionReply unknownSessionReply;
    private final boolean standaloneStreams;

    LegacyEndpoint(LegacySessions sessions, LegacyCatalog catalog, LegacyMethods methods, ReplyWriter replies,
                   UnknownSessionReply unknownSessionReply, boolean standaloneStreams) {
        this.sessions = sessions;
        this.catalog = catalog;
        this.methods = methods;
        this.replies = replies;
        this.unknownSessionReply = unknownSessionReply;
        this.standaloneStreams = standaloneStreams;
    }

    static Map<String, String> sessionHeader(LegacySession session) {
        return Map.of(SESSION_HEADER, session.id());
    }

    @Override
    public void handle(FixtureExchange exchange) {
        if (!PATH.equals(exchange.path())) {
            exchange.respond(HttpResponseStatus.NOT_FOUND, "text/plain; charset=utf-8",
                    "Not Found".getBytes(StandardCharsets.UTF_8), Map.of());
            return;
        }
        switch (exchange.request().httpMethod()) {
            case "POST" -> post(exchange);
            case "GET" -> get(exchange);
            case "DELETE" -> delete(exchange);
            default -> exchange.respondJson(HttpResponseStatus.METHOD_NOT_ALLOWED,
                    JsonRpcWire.transportError(JsonRpcWire.SERVER_ERROR, "Method not allowed."),
                    Map.of("Allow", "GET, POST, DELETE"));
        }
    }

    private void post(FixtureExchange exchange) {
        RecordedRequest request = exchange.request();
        JsonNode message = request.json();
        if (message.isMissingNode()) {
            badRequest(exchange, JsonRpcWire.PARSE_ERROR, "Parse error: Invalid JSON");
            return;
        }
        if (!message.isObject()) {
            badRequest(exchange, JsonRpcWire.INVALID_REQUEST, "Invalid Request: expected one JSON-RPC message");
            return;
        }
        String method = request.rpcMethod();
        JsonNode id = request.rpcId();
        if ("initialize".equals(method) && !id.isMissingNode()) {
            initialize(exchange, id, message.path("params"));
            return;
        }
        if (request.headers().first(SESSION_HEADER).isEmpty()) {
            badRequest(exchange, JsonRpcWire.SERVER_ERROR, "server/discover".equals(method)
                    ? "Bad Request: Server not initialized"
                    : "Bad Request: No valid session ID provided");
            return;
        }
        Optional<LegacySession> session = validSession(exchange);
        if (session.isEmpty()) {
            return;
        }
        if (method == null) {
            // A JSON-RPC response to a server request; this fixture sends none, so there is nothing to match.
            exchange.respondEmpty(HttpResponseStatus.ACCEPTED, sessionHeader(session.get()));
            return;
        }
        if (id.isMissingNode()) {
            if ("notifications/cancelled".equals(method)) {
                session.get().cancel(message.path("params").path("requestId"));
            }
            exchange.respondEmpty(HttpResponseStatus.ACCEPTED, sessionHeader(session.get()));
            return;
        }
        methods.dispatch(exchange, session.get(), method, id, message.path("params"));
    }

    private void initialize(FixtureExchange exchange, JsonNode id, JsonNode params) {
        String version = LegacyCatalog.negotiate(params.path("protocolVersion").asText(""));
        Optional<LegacySession> session = sessions.create(version);
        if (session.isEmpty()) {
            exchange.respondJson(HttpResponseStatus.SERVICE_UNAVAILABLE,
                    JsonRpcWire.transportError(JsonRpcWire.SERVER_ERROR, "Too many sessions"), Map.of());
            return;
        }
        replies.reply(exchange, JsonRpcWire.result(id, catalog.initializeResult(version)),
                sessionHeader(session.get()));
    }

    private void get(FixtureExchange exchange) {
        if (exchange.request().headers().first(SESSION_HEADER).isEmpty()) {
            badRequest(exchange, JsonRpcWire.SERVER_ERROR, "Bad Request: No valid session ID provided");
            return;
        }
        Optional<LegacySession> session = validSession(exchange);
        if (session.isEmpty()) {
            return;
        }
        if (!standaloneStreams) {
            exchange.respondJson(HttpResponseStatus.METHOD_NOT_ALLOWED,
                    JsonRpcWire.transportError(JsonRpcWire.SERVER_ERROR, "Method not allowed."),
                    Map.of("Allow", "POST, DELETE"));
            return;
        }
        SseStream stream = replies.stream(exchange, sessionHeader(session.get()));
        session.get().addStandaloneStream(stream);
    }

    private void delete(FixtureExchange exchange) {
        if (exchange.request().headers().first(SESSION_HEADER).isEmpty()) {
            badRequest(exchange, JsonRpcWire.SERVER_ERROR, "Bad Request: No valid session ID provided");
            return;
        }
        Optional<LegacySession> session = validSession(exchange);
        if (session.isEmpty()) {
            return;
        }
        sessions.delete(session.get().id());
        exchange.respondEmpty(HttpResponseStatus.OK, Map.of());
    }

    /** The session named by the request's header if known and the version header is acceptable; else answers. */
    private Optional<LegacySession> validSession(FixtureExchange exchange) {
        RecordedHeaders headers = exchange.request().headers();
        Optional<LegacySession> session = sessions.find(headers.first(SESSION_HEADER).orElseThrow());
        if (session.isEmpty()) {
            if (unknownSessionReply == UnknownSessionReply.NOT_FOUND_404) {
                exchange.respondJson(HttpResponseStatus.NOT_FOUND,
                        JsonRpcWire.transportError(JsonRpcWire.SESSION_NOT_FOUND, "Session not found"), Map.of());
            } else {
                badRequest(exchange, JsonRpcWire.SERVER_ERROR, "Bad Request: No valid session ID provided");
            }
            return Optional.empty();
        }
        Optional<String> version = headers.first(VERSION_HEADER);
        if (version.isPresent() && !LegacyCatalog.VERSIONS.contains(version.get())) {
            badRequest(exchange, JsonRpcWire.SERVER_ERROR, "Bad Request: Unsupported protocol version: "
                    + version.get() + " (supported versions: " + String.join(", ", LegacyCatalog.VERSIONS) + ")");
            return Optional.empty();
        }
        return session;
    }

    private static void badRequest(FixtureExchange exchange, int code, String message) {
        exchange.respondJson(HttpResponseStatus.BAD_REQUEST, JsonRpcWire.transportError(code, message), Map.of());
    }
}
