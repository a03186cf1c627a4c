package io.eragate.netty.server;

import io.eragate.core.frontdoor.FramingRejections;
import io.eragate.core.frontdoor.Rejections;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelPipeline;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpMessage;
import io.netty.handler.codec.http.HttpObjectAggregator;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.eragate.netty.client.ClientResponses;

/**
 * Aggregates a client's POST body up to {@code limits.maxBodyBytes}; a larger one is answered 413 with a JSON-RPC
 * error naming the limit (passed on as {@link InputRefused}, so it is written after the answers owed to earlier
 * requests), and the connection is closed because the rest of the body is still on the wire. A body announced with
 * {@code Expect: 100-continue} gets the same answer at once instead of an invitation, and an expectation other than
 * {@code 100-continue} a 417 with a JSON-RPC error and {@code Connection: close}, since it closes the connection
 * too.
 */
final class JsonBodyAggregator extends HttpObjectAggregator {
    private final int maxBodyBytes;

    JsonBodyAggregator(int maxBodyBytes) {
        super(maxBodyBytes, true);
        this.maxBodyBytes = maxBodyBytes;
    }

    @Override
    protected void handleOversizedMessage(ChannelHandlerContext ctx, HttpMessage oversized) {
        // Answered after the answers owed to earlier pipelined requests, then closed (see InputRefused).
        ctx.fireChannelRead(new InputRefused(Rejections.payloadTooLarge(maxBodyBytes)));
    }

    @Override
    protected Object newContinueResponse(HttpMessage start, int maxContentLength, ChannelPipeline pipeline) {
        // Read before Netty's answer, which removes the field.
        String expect = String.join(", ", start.headers().getAll(HttpHeaderNames.EXPECT));
        Object answer = super.newContinueResponse(start, maxContentLength, pipeline);
        if (answer instanceof FullHttpResponse response
                && response.status().code() == HttpResponseStatus.REQUEST_ENTITY_TOO_LARGE.code()) {
            // Netty's own 413 has an empty body; the client must learn the limit like any other 413.
            response.release();
            return ClientResponses.rejectionResponse(Rejections.payloadTooLarge(maxBodyBytes), false);
        }
        if (answer instanceof FullHttpResponse response
                && response.status().code() == HttpResponseStatus.EXPECTATION_FAILED.code()) {
            // Netty's own 417 has no body and closes without saying so; name the expectation and say close.
            response.release();
            return ClientResponses.rejectionResponse(FramingRejections.expectationFailed(expect), false);
        }
        return answer;
    }
}
