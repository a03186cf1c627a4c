package io.eragate.core.legacyfront;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.eragate.core.bridge.LogLevel;
import io.eragate.core.frontdoor.Rejection;
import io.eragate.core.frontdoor.Rejections;
import io.eragate.core.jsonrpc.Decoded;
import io.eragate.core.jsonrpc.JsonRpcCodec;
import io.eragate.core.jsonrpc.JsonRpcError;
import io.eragate.core.jsonrpc.JsonRpcErrorCodes;
import io.eragate.core.jsonrpc.JsonRpcMessage;
import io.eragate.core.jsonrpc.JsonRpcRequest;
import io.eragate.core.mcp.Methods;
import java.util.Optional;

/**
 * Decides what the legacy client front does with one HTTP request of a legacy client, from its HTTP method, whether it
 * carries an {@code Mcp-Session-Id}, and its body, as the 2025-11-25 Streamable HTTP transport says:
 *
 * <ul>
 *   <li>GET or DELETE without a session → 405 (as on a modern route); DELETE with one ends it; GET with one is the
 *       standalone stream;</li>
 *   <li>a POST that is not one JSON-RPC message → 400 (-32700 or -32600; batches are refused, as 2025-06-18 and later
 *       do);</li>
 *   <li>{@code initialize} opens a session, with or without one presented;</li>
 *   <li>a notification or an answer without a session → 202, as the modern ladder answers a notification (neither era
 *       puts an envelope on one, so a modern client's cannot be told from a legacy client's); any other request
 *       without a session → 400;</li>
 *   <li>{@code ping} and {@code logging/setLevel} are answered by the gateway; notifications and answers to server
 *       requests get 202; every other request is forwarded as a modern request.</li>
 * </ul>
 *
 * Whether a presented session opens (404 when not) is checked by the caller for every step that
 * {@linkplain FrontStep#needsSession() needs one}.
 */
public final class LegacyFrontPlan {

    private LegacyFrontPlan() {
    }

    /** The step for this request; never throws for any body. */
    public static FrontStep plan(String httpMethod, boolean hasSession, byte[] body) {
        if ("GET".equals(httpMethod) || "DELETE".equals(httpMethod)) {
            if (!hasSession) {
                return new FrontStep.Refuse(Rejections.methodNotAllowed(httpMethod));
            }
            return "GET".equals(httpMethod) ? new FrontStep.OpenStream() : new FrontStep.End();
        }
        Decoded decoded = JsonRpcCodec.decode(body);
        if (decoded instanceof Decoded.Malformed malformed) {
            return new FrontStep.Refuse(Rejections.parseError(malformed.error()));
        }
        if (decoded instanceof Decoded.Invalid invalid) {
            return new FrontStep.Refuse(Rejections.invalidRequest(invalid.idOrNull(), invalid.error()));
        }
        JsonRpcMessage message = ((Decoded.Message) decoded).message();
        if (message instanceof JsonRpcRequest request && Methods.INITIALIZE.equals(request.method())) {
            return new FrontStep.Initialize(request);
        }
        if (!(message instanceof JsonRpcRequest request)) {
            return new FrontStep.Accept(message, hasSession);
        }
        if (!hasSession) {
            return new FrontStep.Refuse(sessionRequired(request));
        }
        if (Methods.PING.equals(request.method())) {
            return new FrontStep.Ping(request);
        }
        if (Methods.LOGGING_SET_LEVEL.equals(request.method())) {
            JsonNode level = request.params() == null ? null : request.params().get("level");
            Optional<LogLevel> parsed = LogLevel.parse(level != null && level.isTextual() ? level.textValue() : null);
            return parsed.<FrontStep>map(value -> new FrontStep.SetLevel(request, value))
                    .orElseGet(() -> new FrontStep.Refuse(Rejections.invalidParams(request.id(),
                            "logging/setLevel requires params.level, one of debug, info, notice, warning, error, "
                                    + "critical, alert, emergency")));
        }
        return new FrontStep.Forward(request);
    }

    /** 400 for a request without {@code Mcp-Session-Id} that is not {@code initialize}, as the transport says. */
    static Rejection sessionRequired(JsonRpcRequest request) {
        ObjectNode data = JsonNodeFactory.instance.objectNode().put("reason", "session-required");
        Rejection rejection = Rejection.of(400, null, new JsonRpcError(JsonRpcErrorCodes.INVALID_REQUEST,
                "Bad Request: Mcp-Session-Id header is required; send initialize first to open a session", data));
        return request == null ? rejection : rejection.withId(request.id());
    }
}
