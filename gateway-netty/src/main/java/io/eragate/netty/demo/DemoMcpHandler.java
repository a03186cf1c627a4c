package io.eragate.netty.demo;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.eragate.core.jsonrpc.JsonRpcErrorCodes;
import io.eragate.core.mcp.McpHeaders;
import io.eragate.core.mcp.ProtocolVersions;
import io.netty.buffer.ByteBufUtil;
import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.SimpleChannelInboundHandler;
import io.netty.handler.codec.http.DefaultFullHttpResponse;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaderValues;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpVersion;
import io.netty.handler.codec.http.QueryStringDecoder;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.Optional;
import java.util.OptionalInt;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The demo server's 2025-11-25 Streamable HTTP endpoint, following the TypeScript SDK v1 transport that
 * server-everything runs. A POST is checked in this order: JSON, {@code initialize} (which opens a session), session
 * header present, session known, {@code MCP-Protocol-Version} a legacy version; then notifications get 202 and
 * requests their answer (JSON, except the streamed {@code countdown}). DELETE ends a session; any other HTTP method
 * gets 405, as this server offers no standalone GET stream.
 */
final class DemoMcpHandler extends SimpleChannelInboundHandler<FullHttpRequest> {
    static final String PATH = "/mcp";
    static final String SERVER_NAME = "eragate-demo-legacy";
    /** What the TypeScript SDK answers, with 404, for a session id it does not know. */
    static final int SESSION_NOT_FOUND = -32001;
    private static final Logger LOG = LoggerFactory.getLogger(DemoMcpHandler.class);
    private static final String INSTRUCTIONS = "A 2025-11-25 demo server embedded in Eragate. Try echo, add, and "
            + "countdown with a progressToken to watch progress stream in.";

    private final DemoSessions sessions;
    private final String serverVersion;

    DemoMcpHandler(DemoSessions sessions, String serverVersion) {
        this.sessions = sessions;
        this.serverVersion = serverVersion;
    }

    @Override
    protected void channelRead0(ChannelHandlerContext ctx, FullHttpRequest request) {
        if (!PATH.equals(new QueryStringDecoder(request.uri()).path())) {
            ctx.writeAndFlush(plain(HttpResponseStatus.NOT_FOUND, "Not Found"));
        } else if (!isLocalOrigin(request.headers().get(HttpHeaderNames.ORIGIN))) {
            ctx.writeAndFlush(json(HttpResponseStatus.FORBIDDEN, DemoMessages.transportError(
                    JsonRpcErrorCodes.SERVER_ERROR, "Forbidden: Origin not allowed"), null));
        } else if (request.method().equals(HttpMethod.POST)) {
            post(ctx, request);
        } else if (request.method().equals(HttpMethod.DELETE)) {
            delete(ctx, request);
        } else {
            FullHttpResponse response = json(HttpResponseStatus.METHOD_NOT_ALLOWED,
                    DemoMessages.transportError(JsonRpcErrorCodes.SERVER_ERROR, "Method not allowed."), null);
            response.headers().set(HttpHeaderNames.ALLOW, "POST, DELETE");
            ctx.writeAndFlush(response);
        }
    }

    private void post(ChannelHandlerContext ctx, FullHttpRequest request) {
        JsonNode message = DemoMessages.parse(ByteBufUtil.getBytes(request.content()));
        if (message == null) {
            badRequest(ctx, JsonRpcErrorCodes.PARSE_ERROR, "Parse error: Invalid JSON");
            return;
        }
        if (!message.isObject()) {
            badRequest(ctx, JsonRpcErrorCodes.INVALID_REQUEST, "Invalid Request: expected one JSON-RPC message");
            return;
        }
        String method = message.path("method").isTextual() ? message.get("method").asText() : null;
        JsonNode id = message.get("id");
        JsonNode params = message.path("params");
        if (method == null && !message.has("result") && !message.has("error")) {
            badRequest(ctx, JsonRpcErrorCodes.INVALID_REQUEST, "Invalid Request: not a JSON-RPC message");
            return;
        }
        if ("initialize".equals(method) && id != null) {
            initialize(ctx, id, params);
            return;
        }
        Optional<DemoSession> found = session(ctx, request, method);
        if (found.isEmpty()) {
            return;
        }
        DemoSession session = found.get();
        if (method == null || id == null) {
            // A notification, or a response to a server request (this server sends none): accepted, no body.
            if ("notifications/cancelled".equals(method)) {
                session.cancel(params.path("requestId").toString());
            }
            ctx.writeAndFlush(empty(HttpResponseStatus.ACCEPTED, session));
            return;
        }
        request(ctx, session, id, method, params);
    }

    private void initialize(ChannelHandlerContext ctx, JsonNode id, JsonNode params) {
        JsonNode requested = params.path("protocolVersion");
        if (!requested.isTextual()) {
            ctx.writeAndFlush(json(HttpResponseStatus.OK, DemoMessages.error(id, JsonRpcErrorCodes.INVALID_PARAMS,
                    "Invalid params: protocolVersion is required"), null));
            return;
        }
        String version = ProtocolVersions.isSupportedLegacy(requested.asText())
                ? requested.asText() : ProtocolVersions.V2025_11_25;
        DemoSession session = sessions.create();
        ObjectNode result = DemoMessages.object().put("protocolVersion", version);
        ObjectNode capabilities = result.putObject("capabilities");
        capabilities.putObject("tools");
        capabilities.putObject("logging");
        result.putObject("serverInfo").put("name", SERVER_NAME).put("version", serverVersion);
        result.put("instructions", INSTRUCTIONS);
        ctx.writeAndFlush(json(HttpResponseStatus.OK, DemoMessages.result(id, result), session));
    }

    /**
     * The session the request names, or empty after answering 400/404 when it names none or an unknown one, or
     * carries a version header this server does not speak.
     */
    private Optional<DemoSession> session(ChannelHandlerContext ctx, FullHttpRequest request, String method) {
        String id = request.headers().get(McpHeaders.SESSION_ID);
        if (id == null) {
            // A modern client's first request: the TS SDK words it this way, and era probes recognize it.
            badRequest(ctx, JsonRpcErrorCodes.SERVER_ERROR, "server/discover".equals(method)
                    ? "Bad Request: Server not initialized" : "Bad Request: No valid session ID provided");
            return Optional.empty();
        }
        Optional<DemoSession> session = sessions.find(id);
        if (session.isEmpty()) {
            ctx.writeAndFlush(json(HttpResponseStatus.NOT_FOUND,
                    DemoMessages.transportError(SESSION_NOT_FOUND, "Session not found"), null));
            return Optional.empty();
        }
        String version = request.headers().get(McpHeaders.PROTOCOL_VERSION);
        if (version != null && !ProtocolVersions.isSupportedLegacy(version)) {
            badRequest(ctx, JsonRpcErrorCodes.SERVER_ERROR, "Bad Request: Unsupported protocol version: " + version
                    + " (supported versions: " + String.join(", ", ProtocolVersions.LEGACY) + ")");
            return Optional.empty();
        }
        return session;
    }

    private void request(ChannelHandlerContext ctx, DemoSession session, JsonNode id, String method,
                         JsonNode params) {
        ObjectNode answer = switch (method) {
            case "ping" -> DemoMessages.result(id, DemoMessages.object());
            case "logging/setLevel" -> session.setLogLevel(params.path("level").asText())
                    ? DemoMessages.result(id, DemoMessages.object())
                    : DemoMessages.error(id, JsonRpcErrorCodes.INVALID_PARAMS,
                            "Invalid params: level must be one of " + String.join(", ", DemoSession.LOG_LEVELS));
            case "tools/list" -> DemoMessages.result(id, DemoTools.list());
            case "tools/call" -> callTool(ctx, session, id, params);
            default -> DemoMessages.error(id, JsonRpcErrorCodes.METHOD_NOT_FOUND, "Method not found");
        };
        if (answer != null) {
            ctx.writeAndFlush(json(HttpResponseStatus.OK, answer, session));
        }
    }

    /** The answer to write, or {@code null} when a countdown took over the response. */
    private static ObjectNode callTool(ChannelHandlerContext ctx, DemoSession session, JsonNode id, JsonNode params) {
        String name = params.path("name").asText();
        JsonNode arguments = params.path("arguments");
        if (!DemoTools.COUNTDOWN.equals(name)) {
            return DemoMessages.result(id, DemoTools.call(name, arguments));
        }
        OptionalInt steps = DemoTools.countdownSteps(arguments);
        if (steps.isEmpty()) {
            return DemoMessages.result(id, DemoTools.countdownArgumentError());
        }
        JsonNode token = params.path("_meta").path("progressToken");
        boolean started = DemoCountdown.start(ctx, session, id, steps.getAsInt(),
                token.isTextual() || token.isIntegralNumber() ? token : null);
        return started ? null : DemoMessages.result(id, DemoMessages.toolResult(
                "countdown not started: too many running in this session, or request id already in use", true));
    }

    private void delete(ChannelHandlerContext ctx, FullHttpRequest request) {
        Optional<DemoSession> session = session(ctx, request, null);
        if (session.isPresent()) {
            sessions.remove(session.get().id());
            ctx.writeAndFlush(empty(HttpResponseStatus.OK, null));
        }
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
        LOG.debug("Demo server closes {} after an error", ctx.channel(), cause);
        ctx.close();
    }

    /**
     * Browsers send {@code Origin}; only pages served from this machine may call a loopback server, which stops DNS
     * rebinding. Clients that send no {@code Origin} (curl, SDKs, the gateway) are not browsers.
     */
    private static boolean isLocalOrigin(String origin) {
        if (origin == null) {
            return true;
        }
        try {
            String host = URI.create(origin).getHost();
            return "localhost".equals(host) || "127.0.0.1".equals(host) || "[::1]".equals(host);
        } catch (IllegalArgumentException e) {
            return false;
        }
    }

    private static void badRequest(ChannelHandlerContext ctx, int code, String message) {
        ctx.writeAndFlush(json(HttpResponseStatus.BAD_REQUEST, DemoMessages.transportError(code, message), null));
    }

    private static FullHttpResponse json(HttpResponseStatus status, ObjectNode body, DemoSession session) {
        FullHttpResponse response = full(status, body.toString());
        response.headers().set(HttpHeaderNames.CONTENT_TYPE, HttpHeaderValues.APPLICATION_JSON);
        if (session != null) {
            response.headers().set(McpHeaders.SESSION_ID, session.id());
        }
        return response;
    }

    private static FullHttpResponse empty(HttpResponseStatus status, DemoSession session) {
        FullHttpResponse response = full(status, "");
        if (session != null) {
            response.headers().set(McpHeaders.SESSION_ID, session.id());
        }
        return response;
    }

    private static FullHttpResponse plain(HttpResponseStatus status, String text) {
        FullHttpResponse response = full(status, text);
        response.headers().set(HttpHeaderNames.CONTENT_TYPE, HttpHeaderValues.TEXT_PLAIN + "; charset=utf-8");
        return response;
    }

    private static FullHttpResponse full(HttpResponseStatus status, String body) {
        FullHttpResponse response = new DefaultFullHttpResponse(HttpVersion.HTTP_1_1, status,
                Unpooled.copiedBuffer(body, StandardCharsets.UTF_8));
        response.headers().setInt(HttpHeaderNames.CONTENT_LENGTH, response.content().readableBytes());
        return response;
    }
}
