package io.eragate.netty.server;

import io.eragate.core.frontdoor.Rejections;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelPipeline;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpMessage;
import io.netty.handler.codec.http.HttpObjectAggregator;
import io.netty.handler.codec.http.HttpResponseStatus;

/**
 * Aggregates a client's POST body up to {@code limits.maxBodyBytes}; a larger one is answered 413 with a JSON-RPC
 * error naming the limit, and the connection is closed because the rest of the body is still on the wire. A body
 * announced with {@code Expect: 100-continue} gets the same answer instead of an invitation, and a failed
 * expectation closes the connection too.
 */
final class JsonBodyAggregator extends HttpObjectAggregator {
    private final int maxBodyBytes;

    JsonBodyAggregator(int maxBodyBytes) {
        super(maxBodyBytes, true);
        this.maxBodyBytes = maxBodyBytes;
    }

    @Override
    protected void handleOversizedMessage(ChannelHandlerContext ctx, HttpMessage oversized) {
        ClientResponses.writeRejection(ctx, Rejections.payloadTooLarge(maxBodyBytes), false);
    }

    @Override
    protected Object newContinueResponse(HttpMessage start, int maxContentLength, ChannelPipeline pipeline) {
        Object answer = super.newContinueResponse(start, maxContentLength, pipeline);
        if (answer instanceof FullHttpResponse response
                && response.status().code() == HttpResponseStatus.REQUEST_ENTITY_TOO_LARGE.code()) {
            // Netty's own 413 has an empty body; the client must learn the limit like any other 413.
            response.release();
            return ClientResponses.rejectionResponse(Rejections.payloadTooLarge(maxBodyBytes), false);
        }
        return answer;
    }
}
