package io.eragate.bench.load;

import io.netty.buffer.ByteBuf;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.SimpleChannelInboundHandler;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpUtil;
import java.nio.charset.StandardCharsets;
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
    /** The expected texts as Latin-1 strings: one char per byte, so that they match the answer's bytes as they are. */
    private final List<String> expected;
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
        this.expected = expected.stream().map(text -> text.toString(StandardCharsets.ISO_8859_1)).toList();
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

    /**
     * Whether the answer holds every expected text. The answer is copied once into a Latin-1 string and searched with
     * the JDK's vectorised {@code String.indexOf}. Searching the aggregated (composite) buffer byte by byte, once per
     * text, took 43 % of the client's one event loop in a profile of the federated list, whose answer is three lists
     * long and is checked for every merged name: the client's cost must not grow with what it checks.
     */
    private boolean containsAll(ByteBuf content) {
        String answer = content.toString(StandardCharsets.ISO_8859_1);
        for (String text : expected) {
            if (!answer.contains(text)) {
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
