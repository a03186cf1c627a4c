package io.eragate.netty.admin;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.eragate.core.security.AdminAccess;
import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.handler.codec.http.DefaultFullHttpResponse;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaderValues;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpVersion;
import java.nio.charset.StandardCharsets;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Refuses an admin request whose {@code Host} (or {@code Origin}, when present) {@link AdminAccess} refuses: 403 with
 * a JSON body naming the value, and the connection closed. Requests it lets through go on to the admin pages.
 */
public final class AdminHostCheckHandler extends ChannelInboundHandlerAdapter {
    private static final Logger log = LoggerFactory.getLogger(AdminHostCheckHandler.class);

    private final AdminAccess access;

    /** A handler deciding with {@code access}. */
    public AdminHostCheckHandler(AdminAccess access) {
        this.access = access;
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
        if (msg instanceof FullHttpRequest request) {
            String path = request.uri().split("[?#]", 2)[0];
            Optional<String> refusal = access.refusal(path, request.headers().getAll(HttpHeaderNames.ORIGIN),
                    request.headers().getAll(HttpHeaderNames.HOST));
            if (refusal.isPresent()) {
                request.release();
                log.debug("[{}] admin request for {} refused: {}", ctx.channel().id(), path, refusal.get());
                ctx.writeAndFlush(forbidden(refusal.get())).addListener(ChannelFutureListener.CLOSE);
                return;
            }
        }
        ctx.fireChannelRead(msg);
    }

    private static FullHttpResponse forbidden(String why) {
        ObjectNode body = JsonNodeFactory.instance.objectNode().put("status", "forbidden")
                .put("error", "Forbidden: " + why);
        byte[] bytes = body.toString().getBytes(StandardCharsets.UTF_8);
        FullHttpResponse response = new DefaultFullHttpResponse(HttpVersion.HTTP_1_1, HttpResponseStatus.FORBIDDEN,
                Unpooled.wrappedBuffer(bytes));
        response.headers().set(HttpHeaderNames.CONTENT_TYPE, HttpHeaderValues.APPLICATION_JSON)
                .setInt(HttpHeaderNames.CONTENT_LENGTH, bytes.length)
                .set(HttpHeaderNames.CONNECTION, HttpHeaderValues.CLOSE);
        return response;
    }
}
