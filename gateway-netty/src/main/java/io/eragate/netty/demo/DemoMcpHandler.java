package io.eragate.netty.demo;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.eragate.core.mcp.MetaKeys;
import io.eragate.core.mcp.ProtocolVersions;
import io.netty.buffer.ByteBufUtil;
import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.SimpleChannelInboundHandler;
import io.netty.handler.codec.http.DefaultFullHttpResponse;
import io.netty.handler.codec.http.DefaultHttpContent;
import io.netty.handler.codec.http.DefaultHttpResponse;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaderValues;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpResponse;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpUtil;
import io.netty.handler.codec.http.HttpVersion;
import io.netty.handler.codec.http.LastHttpContent;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;

/** Answers the demo server's MCP requests; trusts the gateway in front of it to have validated them. */
final class DemoMcpHandler extends SimpleChannelInboundHandler<FullHttpRequest> {
    private static final ObjectMapper MAPPER = new ObjectMapper();
    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    @Override
    protected void channelRead0(ChannelHandlerContext ctx, FullHttpRequest request) throws IOException {
        if (!request.method().equals(HttpMethod.POST)) {
            FullHttpResponse response = full(HttpResponseStatus.METHOD_NOT_ALLOWED, "");
            response.headers().set(HttpHeaderNames.ALLOW, "POST");
            ctx.writeAndFlush(response);
            return;
        }
        JsonNode message = MAPPER.readTree(ByteBufUtil.getBytes(request.content()));
        if (!message.has("id")) {
            ctx.writeAndFlush(full(HttpResponseStatus.ACCEPTED, ""));
            return;
        }
        String method = message.path("method").asText();
        JsonNode params = message.path("params");
        if (method.equals("tools/call") && params.path("name").asText().equals("countdown")) {
            countdown(ctx, message.get("id"), params);
            return;
        }
        ObjectNode answer = answer(message.get("id"), method, params);
        FullHttpResponse response = full(HttpResponseStatus.OK, answer.toString());
        response.headers().set(HttpHeaderNames.CONTENT_TYPE, HttpHeaderValues.APPLICATION_JSON);
        ctx.writeAndFlush(response);
    }

    private static ObjectNode answer(JsonNode id, String method, JsonNode params) {
        ObjectNode result = NODES.objectNode();
        switch (method) {
            case "server/discover" -> {
                result.putArray("supportedVersions").addAll(
                        ProtocolVersions.MODERN.stream().map(NODES::textNode).toList());
                result.putObject("capabilities").putObject("tools");
                result.put("ttlMs", 60_000).put("cacheScope", "public");
            }
            case "tools/list" -> {
                ArrayNode tools = result.putArray("tools");
                tools.add(tool("echo", "Echoes a message back", "message", "string"));
                tools.add(tool("add", "Adds two numbers a and b", "a", "number", "b", "number"));
                tools.add(tool("countdown", "Counts down from n, one progress step per 200 ms", "n", "integer"));
                result.put("ttlMs", 60_000).put("cacheScope", "public");
            }
            case "tools/call" -> {
                String name = params.path("name").asText();
                JsonNode args = params.path("arguments");
                switch (name) {
                    case "echo" -> text(result, "Echo: " + args.path("message").asText());
                    case "add" -> text(result, String.valueOf(args.path("a").asDouble() + args.path("b").asDouble()));
                    default -> {
                        return error(id, -32602, "Unknown tool: " + name);
                    }
                }
            }
            default -> {
                return error(id, -32601, "Method not found: " + method);
            }
        }
        return response(id, result);
    }

    /** Streams one progress notification per step over SSE, then the result. */
    private static void countdown(ChannelHandlerContext ctx, JsonNode id, JsonNode params) {
        int steps = Math.max(1, Math.min(20, params.path("arguments").path("n").asInt(3)));
        JsonNode token = params.path("_meta").get(MetaKeys.PROGRESS_TOKEN);
        HttpResponse head = new DefaultHttpResponse(HttpVersion.HTTP_1_1, HttpResponseStatus.OK);
        head.headers().set(HttpHeaderNames.CONTENT_TYPE, "text/event-stream");
        head.headers().set(HttpHeaderNames.CACHE_CONTROL, HttpHeaderValues.NO_CACHE);
        HttpUtil.setTransferEncodingChunked(head, true);
        ctx.writeAndFlush(head);
        for (int step = 1; step <= steps; step++) {
            int done = step;
            ctx.executor().schedule(() -> {
                if (token != null) {
                    ObjectNode progress = NODES.objectNode().put("jsonrpc", "2.0")
                            .put("method", "notifications/progress");
                    progress.putObject("params").put("progress", done).put("total", steps)
                            .set("progressToken", token);
                    event(ctx, progress);
                }
                if (done == steps) {
                    ObjectNode result = NODES.objectNode();
                    text(result, "Lift-off after " + steps + " steps");
                    event(ctx, response(id, result));
                    ctx.writeAndFlush(LastHttpContent.EMPTY_LAST_CONTENT);
                }
            }, 200L * step, TimeUnit.MILLISECONDS);
        }
    }

    private static void event(ChannelHandlerContext ctx, ObjectNode message) {
        String frame = "event: message\ndata: " + message + "\n\n";
        ctx.writeAndFlush(new DefaultHttpContent(Unpooled.copiedBuffer(frame, StandardCharsets.UTF_8)));
    }

    /** A tool whose input schema has the given (argument name, JSON type) pairs. */
    private static ObjectNode tool(String name, String description, String... argumentsAndTypes) {
        ObjectNode tool = NODES.objectNode().put("name", name).put("description", description);
        ObjectNode properties = tool.putObject("inputSchema").put("type", "object").putObject("properties");
        for (int i = 0; i + 1 < argumentsAndTypes.length; i += 2) {
            properties.putObject(argumentsAndTypes[i]).put("type", argumentsAndTypes[i + 1]);
        }
        return tool;
    }

    private static void text(ObjectNode result, String text) {
        result.putArray("content").addObject().put("type", "text").put("text", text);
    }

    private static ObjectNode response(JsonNode id, ObjectNode result) {
        result.put("resultType", "complete");
        result.putObject("_meta").putObject(MetaKeys.SERVER_INFO).put("name", "eragate-demo").put("version", "1.0");
        ObjectNode response = NODES.objectNode().put("jsonrpc", "2.0");
        response.set("id", id);
        response.set("result", result);
        return response;
    }

    private static ObjectNode error(JsonNode id, int code, String message) {
        ObjectNode response = NODES.objectNode().put("jsonrpc", "2.0");
        response.set("id", id);
        response.putObject("error").put("code", code).put("message", message);
        return response;
    }

    private static FullHttpResponse full(HttpResponseStatus status, String body) {
        FullHttpResponse response = new DefaultFullHttpResponse(HttpVersion.HTTP_1_1, status,
                Unpooled.copiedBuffer(body, StandardCharsets.UTF_8));
        response.headers().setInt(HttpHeaderNames.CONTENT_LENGTH, response.content().readableBytes());
        return response;
    }
}
