package io.eragate.netty.upstream;

import io.eragate.core.era.LegacyAnswers;
import io.eragate.core.frontdoor.Rejection;
import io.eragate.core.frontdoor.Rejections;
import io.eragate.core.frontdoor.UpstreamHeaders;
import io.eragate.core.jsonrpc.JsonRpcCodec;
import io.eragate.core.jsonrpc.Decoded;
import io.eragate.core.jsonrpc.JsonRpcResponse;
import io.eragate.netty.server.ClientResponses;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import io.netty.buffer.CompositeByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.http.DefaultHttpResponse;
import io.netty.handler.codec.http.DefaultLastHttpContent;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.HttpContent;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaderValues;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpResponse;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpStatusClass;
import io.netty.handler.codec.http.HttpUtil;
import io.netty.handler.codec.http.HttpVersion;
import java.time.Duration;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.TimeoutException;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One request passed through to a modern upstream: the original body bytes go up with headers derived from the
 * body, and the answer comes back as it arrives: JSON relayed, SSE relayed with a flush per chunk and never
 * aggregated, anything that is not JSON-RPC mapped to a JSON-RPC error.
 *
 * <p>Threading: created and driven on the client channel's event loop, which is also the upstream channel's loop.
 */
public final class ModernExchange implements UpstreamCall.Handler, ClientExchange {
    private static final Logger log = LoggerFactory.getLogger(ModernExchange.class);
    /** How much of a non-JSON-RPC upstream answer is kept to map it to an error. */
    private static final int MAX_ERROR_BODY_BYTES = 64 * 1024;

    private enum State { SENDING, RELAYING, BUFFERING, DONE }

    private final ChannelHandlerContext client;
    private final ForwardedRequest forwarded;
    private final UpstreamTarget target;
    private final UpstreamChannelPool pool;
    private final Duration responseTimeout;
    private final Runnable onComplete;
    private final Consumer<String> onLegacyAnswer;

    private State state = State.SENDING;
    private UpstreamCall call;
    private HttpResponse upstreamHead;
    private boolean streaming;
    private boolean closeAfterResponse;
    private CompositeByteBuf errorBody;

    /**
     * Prepares the exchange; {@link #start()} sends it.
     *
     * @param onComplete runs once when the client has its whole answer, or the exchange was cancelled
     * @param onLegacyAnswer told when the upstream refused the request the way a legacy server does, which
     *     contradicts the upstream's "modern" era
     */
    public ModernExchange(ChannelHandlerContext client, ForwardedRequest forwarded, UpstreamTarget target,
            UpstreamChannelPool pool, Duration responseTimeout, Runnable onComplete, Consumer<String> onLegacyAnswer) {
        this.client = client;
        this.forwarded = forwarded;
        this.target = target;
        this.pool = pool;
        this.responseTimeout = responseTimeout;
        this.onComplete = onComplete;
        this.onLegacyAnswer = onLegacyAnswer;
    }

    /** Acquires an upstream connection and sends the request. */
    @Override
    public void start() {
        call = UpstreamCall.start(pool, target, buildRequest(), responseTimeout, this);
    }

    /** The client went away or the gateway stops: closing the upstream exchange is the cancellation. */
    @Override
    public void cancel() {
        if (state == State.DONE) {
            return;
        }
        log.debug("[{}] client left; closing upstream exchange to {}", client.channel().id(), target.name());
        state = State.DONE;
        releaseErrorBody();
        if (call != null) {
            call.abort();
        }
        onComplete.run();
    }

    /** The client can take more bytes again: resume reading from upstream. */
    @Override
    public void onClientWritable() {
        if (call != null && state == State.RELAYING) {
            call.resumeReading();
        }
    }

    private FullHttpRequest buildRequest() {
        byte[] body = forwarded.request().originalBody();
        FullHttpRequest request = TrustedHeaders.request(HttpMethod.POST, target.pathAndQuery(),
                Unpooled.wrappedBuffer(body));
        request.headers().add(forwarded.passedHeaders());
        request.headers()
                .set(HttpHeaderNames.HOST, target.hostHeader())
                .set(HttpHeaderNames.CONTENT_TYPE, HttpHeaderValues.APPLICATION_JSON)
                .set(HttpHeaderNames.ACCEPT, "application/json, text/event-stream")
                .setInt(HttpHeaderNames.CONTENT_LENGTH, body.length);
        for (Map.Entry<String, String> header : UpstreamHeaders.forModern(forwarded.request()).entrySet()) {
            request.headers().set(header.getKey(), header.getValue());
        }
        if (forwarded.clientAddress() != null) {
            request.headers().add("X-Forwarded-For", forwarded.clientAddress());
            request.headers().set("Forwarded", forwardedValue());
        }
        return request;
    }

    private String forwardedValue() {
        String address = forwarded.clientAddress();
        String forValue = address.indexOf(':') >= 0 ? "\"[" + address + "]\"" : address;
        return forwarded.clientHost() == null ? "for=" + forValue + ";proto=http"
                : "for=" + forValue + ";host=\"" + forwarded.clientHost() + "\";proto=http";
    }

    @Override
    public void onHead(HttpResponse head) {
        if (state != State.SENDING) {
            return;
        }
        upstreamHead = head;
        String contentType = head.headers().get(HttpHeaderNames.CONTENT_TYPE, "").toLowerCase(Locale.ROOT);
        boolean success = head.status().codeClass() == HttpStatusClass.SUCCESS
                && head.status().code() != HttpResponseStatus.ACCEPTED.code();
        if (success && contentType.startsWith("text/event-stream")) {
            startRelay(true, contentType);
        } else if (success && contentType.startsWith("application/json")) {
            startRelay(false, contentType);
        } else {
            state = State.BUFFERING;
            errorBody = client.alloc().compositeBuffer();
        }
    }

    private void startRelay(boolean sse, String contentType) {
        state = State.RELAYING;
        streaming = sse;
        HttpResponse response = new DefaultHttpResponse(HttpVersion.HTTP_1_1, upstreamHead.status());
        response.headers().set(HttpHeaderNames.CONTENT_TYPE, upstreamHead.headers().get(HttpHeaderNames.CONTENT_TYPE));
        if (sse) {
            response.headers().set(HttpHeaderNames.CACHE_CONTROL, HttpHeaderValues.NO_CACHE);
            response.headers().set("X-Accel-Buffering", "no");
        }
        closeAfterResponse = !forwarded.keepAlive();
        if (!sse && HttpUtil.isContentLengthSet(upstreamHead)) {
            response.headers().set(HttpHeaderNames.CONTENT_LENGTH,
                    upstreamHead.headers().get(HttpHeaderNames.CONTENT_LENGTH));
        } else if (forwarded.keepAlive() && forwarded.clientAcceptsChunked()) {
            HttpUtil.setTransferEncodingChunked(response, true);
        } else {
            // HTTP/1.0 has no chunked coding: the end of a body of unknown length is the end of the connection.
            closeAfterResponse = true;
        }
        if (closeAfterResponse) {
            response.headers().set(HttpHeaderNames.CONNECTION, HttpHeaderValues.CLOSE);
        }
        if (sse) {
            client.writeAndFlush(response);
        } else {
            // A JSON answer is no use to the client before its end: the head leaves with the body, in one write.
            client.write(response);
        }
        log.debug("[{}] relaying {} from {}", client.channel().id(), contentType, target.name());
    }

    @Override
    public void onContent(HttpContent content, boolean last) {
        switch (state) {
            case RELAYING -> relay(content, last);
            case BUFFERING -> buffer(content, last);
            default -> content.release();
        }
    }

    private void relay(HttpContent content, boolean last) {
        if (last) {
            client.writeAndFlush(new DefaultLastHttpContent(content.content()))
                    .addListener(closeAfterResponse ? ChannelFutureListener.CLOSE
                            : ChannelFutureListener.CLOSE_ON_FAILURE);
            finish();
            return;
        }
        if (streaming) {
            client.writeAndFlush(content);
        } else {
            client.write(content);
        }
        if (!client.channel().isWritable()) {
            call.pauseReading();
            client.flush();
        }
    }

    private void buffer(HttpContent content, boolean last) {
        ByteBuf bytes = content.content();
        int room = MAX_ERROR_BODY_BYTES - errorBody.readableBytes();
        if (bytes.readableBytes() > room) {
            errorBody.addComponent(true, bytes.readRetainedSlice(room));
            content.release();
            call.abort();
            answerFromBufferedError(false);
            return;
        }
        errorBody.addComponent(true, bytes.retain());
        content.release();
        if (last) {
            answerFromBufferedError(true);
        }
    }

    /** The upstream answered with an error status or a content type that is not MCP; the client gets JSON-RPC. */
    private void answerFromBufferedError(boolean complete) {
        byte[] body = ByteBufUtil.getBytes(errorBody);
        int status = upstreamHead.status().code();
        String contentType = upstreamHead.headers().get(HttpHeaderNames.CONTENT_TYPE, "");
        if (complete) {
            LegacyAnswers.refusedForLackOfSession(status, body).ifPresent(onLegacyAnswer);
        }
        Rejection answer = null;
        if (complete && contentType.toLowerCase(Locale.ROOT).startsWith("application/json")
                && JsonRpcCodec.decode(body) instanceof Decoded.Message message
                && message.message() instanceof JsonRpcResponse response && response.isError()) {
            answer = Rejections.relayedUpstreamError(status >= 400 ? status : 502, forwarded.request().id(),
                    response.error());
        }
        if (answer == null) {
            answer = Rejections.upstreamError(forwarded.request().id(), target.name(), status,
                    new String(body, 0, Math.min(body.length, 512), java.nio.charset.StandardCharsets.UTF_8));
        }
        ClientResponses.writeRejection(client, answer, forwarded.keepAlive());
        finish();
    }

    @Override
    public void onFailure(Throwable cause, boolean beforeHead) {
        if (state == State.DONE) {
            return;
        }
        if (beforeHead) {
            failBeforeHead(rejectionBeforeHead(cause));
        } else if (state == State.RELAYING) {
            log.info("[{}] upstream {} failed mid-response ({}); ending the client's stream",
                    client.channel().id(), target.name(), describe(cause));
            client.writeAndFlush(Unpooled.EMPTY_BUFFER).addListener(ChannelFutureListener.CLOSE);
            finish();
        } else {
            answerFromBufferedError(false);
        }
    }

    private Rejection rejectionBeforeHead(Throwable cause) {
        if (cause instanceof TimeoutException) {
            log.info("[{}] upstream {} sent no response within {}", client.channel().id(), target.name(),
                    responseTimeout);
            return Rejections.upstreamTimeout(forwarded.request().id(), target.name(), responseTimeout);
        }
        if (cause instanceof UpstreamPoolExhaustedException) {
            return Rejections.upstreamBusy(forwarded.request().id(), cause.getMessage());
        }
        if (cause instanceof MalformedUpstreamResponseException) {
            return Rejections.upstreamInvalidResponse(forwarded.request().id(), target.name(), 502,
                    cause.getMessage());
        }
        return Rejections.upstreamUnreachable(forwarded.request().id(), target.name(), describe(cause));
    }

    private void failBeforeHead(Rejection rejection) {
        ClientResponses.writeRejection(client, rejection, forwarded.keepAlive());
        finish();
    }

    private void finish() {
        state = State.DONE;
        releaseErrorBody();
        onComplete.run();
    }

    private void releaseErrorBody() {
        if (errorBody != null) {
            errorBody.release();
            errorBody = null;
        }
    }

    private static String describe(Throwable cause) {
        if (cause == null) {
            return "unknown failure";
        }
        String message = cause.getMessage();
        return message == null ? cause.getClass().getSimpleName() : message;
    }
}
