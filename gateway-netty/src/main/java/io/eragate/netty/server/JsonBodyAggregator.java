package io.eragate.netty.server;

import io.eragate.core.frontdoor.Rejections;
import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.http.HttpMessage;
import io.netty.handler.codec.http.HttpObjectAggregator;

/**
 * Aggregates a client's POST body up to {@code limits.maxBodyBytes}; a larger one is answered 413 with a JSON-RPC
 * error naming the limit, and the connection is closed because the rest of the body is still on the wire.
 */
final class JsonBodyAggregator extends HttpObjectAggregator {
    private final int maxBodyBytes;

    JsonBodyAggregator(int maxBodyBytes) {
        super(maxBodyBytes);
        this.maxBodyBytes = maxBodyBytes;
    }

    @Override
    protected void handleOversizedMessage(ChannelHandlerContext ctx, HttpMessage oversized) {
        ClientResponses.writeRejection(ctx, Rejections.payloadTooLarge(maxBodyBytes), false);
    }
}
