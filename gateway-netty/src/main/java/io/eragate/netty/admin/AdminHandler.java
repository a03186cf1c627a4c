package io.eragate.netty.admin;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.eragate.core.health.ReadinessVerdict;
import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.SimpleChannelInboundHandler;
import io.netty.handler.codec.http.DefaultFullHttpResponse;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaderValues;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpUtil;
import io.netty.handler.codec.http.HttpVersion;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;

/**
 * Serves the admin endpoints: {@code /healthz} (the process answers), {@code /readyz} (the gateway accepts
 * traffic, with the reasons when it does not) and the migration dashboard at {@code /}. Reports written by later
 * features register as extra pages.
 */
public final class AdminHandler extends SimpleChannelInboundHandler<FullHttpRequest> {
    private final Supplier<ReadinessVerdict> readiness;
    private final AdminPages pages;

    /** Creates the handler of one admin connection that is ready whenever {@code ready} says so. */
    public AdminHandler(BooleanSupplier ready, AdminPages pages) {
        this(() -> ready.getAsBoolean() ? new ReadinessVerdict(true, "ready", List.of())
                : new ReadinessVerdict(false, "unavailable", List.of("the gateway is not ready")), pages);
    }

    /** Creates the handler of one admin connection whose {@code /readyz} answers {@code readiness}. */
    public AdminHandler(Supplier<ReadinessVerdict> readiness, AdminPages pages) {
        this.readiness = readiness;
        this.pages = pages;
    }

    @Override
    protected void channelRead0(ChannelHandlerContext ctx, FullHttpRequest request) {
        boolean keepAlive = HttpUtil.isKeepAlive(request);
        String path = request.uri().split("\\?", 2)[0];
        if (!request.method().equals(HttpMethod.GET) && !request.method().equals(HttpMethod.HEAD)) {
            FullHttpResponse response = text(HttpResponseStatus.METHOD_NOT_ALLOWED, "method not allowed\n");
            response.headers().set(HttpHeaderNames.ALLOW, "GET, HEAD");
            write(ctx, response, keepAlive);
            return;
        }
        switch (path) {
            case "/healthz" -> write(ctx, json(HttpResponseStatus.OK, "{\"status\":\"ok\"}"), keepAlive);
            case "/readyz" -> write(ctx, readyz(readiness.get()), keepAlive);
            case "/" -> write(ctx, DashboardPage.response(), keepAlive);
            default -> {
                String page = pages.render(path);
                FullHttpResponse response = page == null
                        ? text(HttpResponseStatus.NOT_FOUND, "no admin page at " + path + "\n")
                        : json(HttpResponseStatus.OK, page);
                if (page != null) {
                    response.headers().set(HttpHeaderNames.CONTENT_TYPE, pages.contentType(path));
                }
                write(ctx, response, keepAlive);
            }
        }
    }

    /** 200 or 503 with {@code {"status": ..., "reasons": [...]}}. */
    private static FullHttpResponse readyz(ReadinessVerdict verdict) {
        ObjectNode body = JsonNodeFactory.instance.objectNode().put("status", verdict.status());
        ArrayNode reasons = body.putArray("reasons");
        verdict.reasons().forEach(reasons::add);
        return json(verdict.ready() ? HttpResponseStatus.OK : HttpResponseStatus.SERVICE_UNAVAILABLE,
                body.toString());
    }

    private static FullHttpResponse json(HttpResponseStatus status, String body) {
        FullHttpResponse response = new DefaultFullHttpResponse(HttpVersion.HTTP_1_1, status,
                Unpooled.copiedBuffer(body, StandardCharsets.UTF_8));
        response.headers().set(HttpHeaderNames.CONTENT_TYPE, HttpHeaderValues.APPLICATION_JSON);
        return response;
    }

    private static FullHttpResponse text(HttpResponseStatus status, String body) {
        FullHttpResponse response = new DefaultFullHttpResponse(HttpVersion.HTTP_1_1, status,
                Unpooled.copiedBuffer(body, StandardCharsets.UTF_8));
        response.headers().set(HttpHeaderNames.CONTENT_TYPE, "text/plain; charset=utf-8");
        return response;
    }

    private static void write(ChannelHandlerContext ctx, FullHttpResponse response, boolean keepAlive) {
        response.headers().setInt(HttpHeaderNames.CONTENT_LENGTH, response.content().readableBytes());
        if (!keepAlive) {
            response.headers().set(HttpHeaderNames.CONNECTION, HttpHeaderValues.CLOSE);
            ctx.writeAndFlush(response).addListener(ChannelFutureListener.CLOSE);
        } else {
            ctx.writeAndFlush(response);
        }
    }
}
