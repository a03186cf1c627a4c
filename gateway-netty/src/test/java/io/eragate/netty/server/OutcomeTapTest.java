package io.eragate.netty.server;

import static org.assertj.core.api.Assertions.assertThat;

import io.eragate.core.exchange.ExchangeOutcome;
import io.eragate.core.frontdoor.Rejections;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.handler.codec.http.DefaultFullHttpResponse;
import io.netty.handler.codec.http.DefaultHttpContent;
import io.netty.handler.codec.http.DefaultHttpResponse;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpObjectAggregator;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpServerCodec;
import io.netty.handler.codec.http.HttpUtil;
import io.netty.handler.codec.http.HttpVersion;
import io.netty.handler.codec.http.LastHttpContent;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import io.eragate.netty.client.ClientResponses;

/** The tap reports one outcome per request, in order, however its answer was written or cut. */
class OutcomeTapTest {
    private static final String BODY = "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\"}";
    private final List<ExchangeOutcome> reported = new ArrayList<>();
    private final List<FullHttpRequest> received = new ArrayList<>();

    private EmbeddedChannel channel() {
        return new EmbeddedChannel(new HttpServerCodec(), new OutcomeTap(reported::add),
                new HttpObjectAggregator(4096), new ChannelInboundHandlerAdapter() {
                    @Override
                    public void channelRead(ChannelHandlerContext ctx, Object msg) {
                        received.add((FullHttpRequest) msg);
                    }
                });
    }

    private static ByteBuf request(String path) {
        return Unpooled.copiedBuffer("POST " + path + " HTTP/1.1\r\nHost: x\r\nContent-Length: "
                + BODY.length() + "\r\n\r\n" + BODY, StandardCharsets.US_ASCII);
    }

    private static void drain(EmbeddedChannel channel) {
        Object out;
        while ((out = channel.readOutbound()) != null) {
            ((ByteBuf) out).release();
        }
    }

    @Test
    void pipelinedRequestsAreReportedInOrderOnceEach() {
        EmbeddedChannel channel = channel();
        channel.writeInbound(Unpooled.wrappedBuffer(request("/a"), request("/b")));
        assertThat(received).hasSize(2);

        channel.writeOutbound(ClientResponses.rejectionResponse(Rejections.unknownPath("/a"), true));
        assertThat(reported).hasSize(1);
        DefaultHttpResponse head = new DefaultHttpResponse(HttpVersion.HTTP_1_1, HttpResponseStatus.OK);
        head.headers().set(HttpHeaderNames.CONTENT_TYPE, "text/event-stream");
        HttpUtil.setTransferEncodingChunked(head, true);
        String event = "data: {\"jsonrpc\":\"2.0\",\"id\":2,\"result\":{}}\n\n";
        channel.writeOutbound(head, new DefaultHttpContent(Unpooled.copiedBuffer(event, StandardCharsets.UTF_8)),
                LastHttpContent.EMPTY_LAST_CONTENT);
        drain(channel);

        assertThat(reported).extracting(ExchangeOutcome::httpStatus).containsExactly(404, 200);
        assertThat(reported.get(0).errorType()).isEqualTo("rejected");
        assertThat(reported.get(0).jsonRpcErrorCode()).isNotNull();
        assertThat(reported.get(1).succeeded()).isTrue();
        assertThat(reported).allSatisfy(outcome -> assertThat(outcome.bytesIn()).isEqualTo(BODY.length()));
        assertThat(reported.get(1).bytesOut()).isEqualTo(event.length());

        channel.close();
        assertThat(reported).as("nothing more when the connection ends").hasSize(2);
        received.forEach(FullHttpRequest::release);
        channel.finishAndReleaseAll();
    }

    @Test
    void aConnectionThatEndsMidAnswerReportsTheAnswerAndTheQueuedRequestAsCancelled() {
        EmbeddedChannel channel = channel();
        channel.writeInbound(Unpooled.wrappedBuffer(request("/a"), request("/b")));
        DefaultHttpResponse head = new DefaultHttpResponse(HttpVersion.HTTP_1_1, HttpResponseStatus.OK);
        HttpUtil.setTransferEncodingChunked(head, true);
        channel.writeOutbound(head);
        drain(channel);

        channel.close();

        assertThat(reported).extracting(ExchangeOutcome::httpStatus).containsExactly(200, 0);
        assertThat(reported).extracting(ExchangeOutcome::errorType).containsExactly("cancelled", "cancelled");
        received.forEach(FullHttpRequest::release);
        channel.finishAndReleaseAll();
    }

    @Test
    void anInterimContinueIsNotTheAnswer() {
        EmbeddedChannel channel = channel();
        channel.writeInbound(Unpooled.copiedBuffer("POST /a HTTP/1.1\r\nHost: x\r\nExpect: 100-continue\r\n"
                + "Content-Length: " + BODY.length() + "\r\n\r\n", StandardCharsets.US_ASCII));
        assertThat(reported).isEmpty();
        channel.writeInbound(Unpooled.copiedBuffer(BODY, StandardCharsets.US_ASCII));
        channel.writeOutbound(new DefaultFullHttpResponse(HttpVersion.HTTP_1_1, HttpResponseStatus.ACCEPTED));
        drain(channel);

        assertThat(reported).extracting(ExchangeOutcome::httpStatus).containsExactly(202);
        received.forEach(FullHttpRequest::release);
        channel.finishAndReleaseAll();
    }

    @Test
    void anErrorAnswerLargerThanTheScratchArrayIsShownToTheSnifferWhole() {
        EmbeddedChannel channel = channel();
        channel.writeInbound(request("/a"));
        // Longer than the event loop's 8 KiB scratch array: the sniffer gets it in slices and must see all of them.
        String error = "{\"jsonrpc\":\"2.0\",\"id\":1,\"error\":{\"code\":-32042,\"message\":\""
                + "x".repeat(20_000) + "\"}}";
        DefaultFullHttpResponse answer = new DefaultFullHttpResponse(HttpVersion.HTTP_1_1, HttpResponseStatus.OK,
                Unpooled.copiedBuffer(error, StandardCharsets.UTF_8));
        answer.headers().set(HttpHeaderNames.CONTENT_TYPE, "Application/JSON");
        HttpUtil.setContentLength(answer, error.length());
        channel.writeOutbound(answer);
        drain(channel);

        assertThat(reported).extracting(ExchangeOutcome::jsonRpcErrorCode).containsExactly(-32042);
        received.forEach(FullHttpRequest::release);
        channel.finishAndReleaseAll();
    }
}
