package io.eragate.netty.bridge;

import java.util.Map;
import java.util.function.Consumer;

/**
 * A {@link ScriptedUpstream.Script} that speaks the 2025-11-25 session handshake like the TypeScript SDK v1
 * (initialize creates {@value #SESSION}, notifications and client responses get 202, DELETE 200, a request without
 * a session 400 "Server not initialized") and hands every other in-session request to the test.
 */
final class LegacyScript implements ScriptedUpstream.Script {
    static final String SESSION = "scripted-session";
    static final Map<String, String> SESSION_HEADER = Map.of("Mcp-Session-Id", SESSION);
    private static final String NOT_INITIALIZED =
            "{\"jsonrpc\":\"2.0\",\"error\":{\"code\":-32000,\"message\":\"Bad Request: Server not initialized\"},"
                    + "\"id\":null}";

    private final String negotiatedVersion;
    private final ScriptedUpstream.Script inSession;
    private final Consumer<ScriptedUpstream.Seen> clientResponses;

    LegacyScript(ScriptedUpstream.Script inSession) {
        this("2025-11-25", inSession, response -> { });
    }

    /**
     * @param negotiatedVersion the {@code protocolVersion} every {@code initialize} result names
     * @param clientResponses sees every JSON-RPC response the gateway posts (answers to server requests)
     */
    LegacyScript(String negotiatedVersion, ScriptedUpstream.Script inSession,
            Consumer<ScriptedUpstream.Seen> clientResponses) {
        this.negotiatedVersion = negotiatedVersion;
        this.inSession = inSession;
        this.clientResponses = clientResponses;
    }

    /** The result of a legacy {@code initialize} with id {@code id}. */
    private String initializeResult(String id) {
        return "{\"jsonrpc\":\"2.0\",\"id\":" + id + ",\"result\":{\"protocolVersion\":\"" + negotiatedVersion
                + "\",\"capabilities\":{\"tools\":{}},\"serverInfo\":{\"name\":\"scripted\",\"version\":\"1\"}}}";
    }

    /** A tools/call result with one text item, answering {@code exchange}'s request. */
    static void textResult(ScriptedUpstream.Exchange exchange, String text) {
        exchange.json(200, "{\"jsonrpc\":\"2.0\",\"id\":" + exchange.request().json().get("id")
                + ",\"result\":{\"content\":[{\"type\":\"text\",\"text\":\"" + text + "\"}]}}", SESSION_HEADER);
    }

    @Override
    public void answer(ScriptedUpstream.Exchange exchange) {
        ScriptedUpstream.Seen request = exchange.request();
        if ("DELETE".equals(request.httpMethod())) {
            exchange.empty(200, Map.of());
        } else if ("initialize".equals(request.rpcMethod())) {
            exchange.json(200, initializeResult(request.json().get("id").toString()), SESSION_HEADER);
        } else if (!SESSION.equals(request.header("Mcp-Session-Id"))) {
            exchange.json(400, NOT_INITIALIZED, Map.of());
        } else if (request.isResponse()) {
            exchange.empty(202, SESSION_HEADER);
            clientResponses.accept(request);
        } else if (!request.json().has("id")) {
            exchange.empty(202, SESSION_HEADER);
        } else {
            inSession.answer(exchange);
        }
    }
}
