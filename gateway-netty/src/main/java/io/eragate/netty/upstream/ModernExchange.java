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
import io.netty.channel.Channel;
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
import io.netty.handler.codec.http.HttpUtil;
import io.netty.handler.codec.http.HttpVersion;
import io.netty.handler.codec.http.LastHttpContent;
import io.netty.util.concurrent.Future;
import io.netty.util.concurrent.ScheduledFuture;
import java.time.Duration;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.TimeUnit;
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
public final class ModernExchange implements UpstreamListener, ClientExchange {
    private static final Logger log = LoggerFactory.getLogger(ModernExchange.class);
    /** How much of a non-JSON-RPC upstream answer is kept to map it to an error. */
    private static final int MAX_ERROR_BODY_BYTES = 64 * 1024;

    private enum State { ACQUIRING, AWAITING_HEAD, RELAYING, BUFFERING, DONE }

    private final ChannelHandlerContext client;
    private final ForwardedRequest forwarded;
    private final UpstreamTarget target;
    private final UpstreamChannelPool pool;
    private final Duration responseTimeout;
    private final Runnable onComplete;
    private final Consumer<String> onLegacyAnswer;

    private State state = State.ACQUIRING;
    private Channel upstream;
    private ScheduledFuture<?> timeout;
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
        pool.acquire(target).addListener((Future<Channel> acquired) -> {
            if (!acquired.isSuccess()) {
                failBeforeHead(acquired.cause() instanceof UpstreamPoolExhaustedException
                        ? Rejections.upstreamBusy(forwarded.request().id(), acquired.cause().getMessage())
                        : Rejections.upstreamUnreachable(forwarded.request().id(), target.name(),
                                describe(acquired.cause())));
                return;
            }
            Channel channel = acquired.getNow();
            if (state == State.DONE) {
                pool.release(target, channel);
                return;
            }
            send(channel);
        });
    }

    /** The client went away or the gateway stops: closing the upstream exchange is the cancellation. */
    @Override
    public void cancel() {
        if (state == State.DONE) {
            return;
        }
        log.debug("[{}] client left; closing upstream exchange to {}", client.channel().id(), target.name());
        state = State.DONE;
        cancelTimeout();
        releaseErrorBody();
        if (upstream != null) {
            UpstreamResponseHandler.detach(upstream);
            pool.discard(upstream);
        }
        onComplete.run();
    }

    /** The client can take more bytes again: resume reading from upstream. */
    @Override
    public void onClientWritable() {
        if (upstream != null && state == State.RELAYING) {
            upstream.config().setAutoRead(true);
        }
    }

    private void send(Channel channel) {
        upstream = channel;
        state = State.AWAITING_HEAD;
        UpstreamResponseHandler.attach(channel, this);
        channel.config().setAutoRead(true);
        channel.writeAndFlush(buildRequest()).addListener((ChannelFutureListener) written -> {
            if (!written.isSuccess() && state == State.AWAITING_HEAD) {
                onConnectionLost(written.cause());
            }
        });
        timeout = client.executor().schedule(this::onResponseTimeout, responseTimeout.toNanos(), TimeUnit.NANOSECONDS);
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
    public void onResponseHead(HttpResponse head) {
        if (state != State.AWAITING_HEAD) {
            return;
        }
        cancelTimeout();
        if (head.decoderResult().isFailure()) {
            failBeforeHead(Rejections.upstreamInvalidResponse(forwarded.request().id(), target.name(),
                    head.status().code(), "malformed HTTP response: " + head.decoderResult().cause()));
            return;
        }
        upstreamHead = head;
        String contentType = head.headers().get(HttpHeaderNames.CONTENT_TYPE, "").toLowerCase(Locale.ROOT);
        boolean success = head.status().codeClass() == io.netty.handler.codec.http.HttpStatusClass.SUCCESS
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
        client.writeAndFlush(response);
        log.debug("[{}] relaying {} from {}", client.channel().id(), contentType, target.name());
    }

    @Override
    public void onContent(HttpContent content) {
        switch (state) {
            case RELAYING -> relay(content);
            case BUFFERING -> buffer(content);
            default -> content.release();
        }
    }

    private void relay(HttpContent content) {
        boolean last = content instanceof LastHttpContent;
        if (last) {
            client.writeAndFlush(new DefaultLastHttpContent(content.content()))
                    .addListener(closeAfterResponse ? ChannelFutureListener.CLOSE
                            : ChannelFutureListener.CLOSE_ON_FAILURE);
            finish(true);
            return;
        }
        if (streaming) {
            client.writeAndFlush(content);
        } else {
            client.write(content);
        }
        if (!client.channel().isWritable()) {
            upstream.config().setAutoRead(false);
            client.flush();
        }
    }

    private void buffer(HttpContent content) {
        ByteBuf bytes = content.content();
        int room = MAX_ERROR_BODY_BYTES - errorBody.readableBytes();
        if (bytes.readableBytes() > room) {
            errorBody.addComponent(true, bytes.readRetainedSlice(room));
            content.release();
            answerFromBufferedError(false);
            return;
        }
        errorBody.addComponent(true, bytes.retain());
        content.release();
        if (content instanceof LastHttpContent) {
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
        finish(complete);
    }

    @Override
    public void onConnectionLost(Throwable cause) {
        switch (state) {
            case AWAITING_HEAD -> failBeforeHead(Rejections.upstreamUnreachable(forwarded.request().id(),
                    target.name(), describe(cause)));
            case RELAYING -> {
                log.info("[{}] upstream {} failed mid-response ({}); ending the client's stream",
                        client.channel().id(), target.name(), describe(cause));
                client.writeAndFlush(Unpooled.EMPTY_BUFFER).addListener(ChannelFutureListener.CLOSE);
                finish(false);
            }
            case BUFFERING -> answerFromBufferedError(false);
            default -> {
            }
        }
    }

    private void onResponseTimeout() {
        if (state != State.AWAITING_HEAD) {
            return;
        }
        log.info("[{}] upstream {} sent no response within {}", client.channel().id(), target.name(),
                responseTimeout);
        failBeforeHead(Rejections.upstreamTimeout(forwarded.request().id(), target.name(), responseTimeout));
    }

    private void failBeforeHead(Rejection rejection) {
        if (state == State.DONE) {
            return;
        }
        ClientResponses.writeRejection(client, rejection, forwarded.keepAlive());
        finish(false);
    }

    private void finish(boolean upstreamReusable) {
        state = State.DONE;
        cancelTimeout();
        releaseErrorBody();
        if (upstream != null) {
            UpstreamResponseHandler.detach(upstream);
            upstream.config().setAutoRead(true);
            if (upstreamReusable && upstreamHead != null && HttpUtil.isKeepAlive(upstreamHead)) {
                pool.release(target, upstream);
            } else {
                pool.discard(upstream);
            }
        }
        onComplete.run();
    }

    private void cancelTimeout() {
        if (timeout != null) {
            timeout.cancel(false);
            timeout = null;
        }
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
