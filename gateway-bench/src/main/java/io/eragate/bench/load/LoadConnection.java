package io.eragate.bench.load;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.SimpleChannelInboundHandler;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpUtil;
import java.util.List;

/**
 * One keep-alive HTTP/1.1 connection of the load client, with at most one request in flight. The request bytes are
 * written as they are (no encoder); the answer is aggregated and checked for status 200 and the expected text.
 *
 * <p>Confined to the client's event loop; the aggregated answer is released on return (auto-release).
 */
final class LoadConnection extends SimpleChannelInboundHandler<FullHttpResponse> {
    private final LoadDriver driver;
    private final ByteBuf request;
    private final List<ByteBuf> expected;
    private Channel channel;
    private boolean inFlight;
    private long measuredFrom;

    /**
     * @param request the encoded request, owned by the client; each send writes a retained duplicate
     * @param expected texts every successful answer contains, owned by the client
     */
    LoadConnection(LoadDriver driver, ByteBuf request, List<ByteBuf> expected) {
        this.driver = driver;
        this.request = request;
        this.expected = expected;
    }

    /** Sends the request; latency will be measured from {@code measuredFromNanos}. */
    void send(long measuredFromNanos) {
        inFlight = true;
        measuredFrom = measuredFromNanos;
        channel.writeAndFlush(request.retainedDuplicate(), channel.voidPromise());
    }

    boolean inFlight() {
        return inFlight;
    }

    void close() {
        if (channel != null) {
            channel.close();
        }
    }

    @Override
    public void channelActive(ChannelHandlerContext ctx) {
        channel = ctx.channel();
        driver.connected(this);
    }

    @Override
    protected void channelRead0(ChannelHandlerContext ctx, FullHttpResponse response) {
        long now = System.nanoTime();
        inFlight = false;
        boolean success = response.decoderResult().isSuccess() && response.status().equals(HttpResponseStatus.OK)
                && containsAll(response.content());
        boolean reusable = HttpUtil.isKeepAlive(response) && response.decoderResult().isSuccess();
        driver.answered(this, measuredFrom, now, success, reusable);
        if (!reusable) {
            ctx.close();
        }
    }

    private boolean containsAll(ByteBuf content) {
        for (ByteBuf text : expected) {
            if (ByteBufUtil.indexOf(text, content) < 0) {
                return false;
            }
        }
        return true;
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) {
        boolean lost = inFlight;
        inFlight = false;
        driver.closed(this, lost);
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
        ctx.close();
    }
}
