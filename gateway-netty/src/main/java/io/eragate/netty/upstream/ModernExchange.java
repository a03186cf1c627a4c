package io.eragate.netty.upstream;

import io.eragate.core.auth.AuthRejections;
import io.eragate.core.era.LegacyAnswers;
import io.eragate.core.exchange.FailureKind;
import io.eragate.core.exchange.FailureMapper;
import io.eragate.core.exchange.MappedFailure;
import io.eragate.core.exchange.UpstreamFailure;
import io.eragate.core.frontdoor.Rejection;
import io.eragate.core.frontdoor.Rejections;
import io.eragate.core.frontdoor.UpstreamHeaders;
import io.eragate.core.jsonrpc.JsonRpcCodec;
import io.eragate.core.jsonrpc.Decoded;
import io.eragate.core.jsonrpc.JsonRpcResponse;
import io.eragate.core.mcp.Era;
import io.eragate.core.sse.SseEncoder;
import io.eragate.core.sse.SseEvent;
import io.eragate.netty.client.ClientRelay;
import io.eragate.netty.client.ClientResponses;
import io.eragate.netty.exchange.ExchangeLifecycle;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.buffer.ByteBufUtil;
import io.netty.buffer.CompositeByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.http.DefaultHttpResponse;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.HttpContent;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaderValues;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpResponse;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpStatusClass;
import io.netty.handler.codec.http.HttpVersion;
import java.nio.charset.StandardCharsets;
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
    private final ExchangeLifecycle lifecycle;
    private final Consumer<String> onLegacyAnswer;

    private State state = State.SENDING;
    private UpstreamCall call;
    private final ClientRelay relay;
    private HttpResponse upstreamHead;
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
        this(client, forwarded, target, pool, responseTimeout, ExchangeLifecycle.untimed(client.executor(),
                onComplete), onLegacyAnswer);
    }

    /**
     * Prepares the exchange under {@code lifecycle} (its deadlines, its end); {@link #start()} sends it.
     *
     * @param onLegacyAnswer told when the upstream refused the request the way a legacy server does, which
     *     contradicts the upstream's "modern" era
     */
    public ModernExchange(ChannelHandlerContext client, ForwardedRequest forwarded, UpstreamTarget target,
            UpstreamChannelPool pool, Duration responseTimeout, ExchangeLifecycle lifecycle,
            Consumer<String> onLegacyAnswer) {
        this.client = client;
        this.forwarded = forwarded;
        this.target = target;
        this.pool = pool;
        this.responseTimeout = responseTimeout;
        this.lifecycle = lifecycle;
        this.onLegacyAnswer = onLegacyAnswer;
        this.relay = new ClientRelay(client, forwarded.keepAlive(), forwarded.clientAcceptsChunked());
    }

    /** Acquires an upstream connection and sends the request. */
    @Override
    public void start() {
        lifecycle.start(this::onDeadline);
        call = target.credentials().isEmpty()
                ? UpstreamCall.startEncoded(pool, target, this::encodeRequest, responseTimeout, this)
                : UpstreamCall.start(pool, target, buildRequest(), responseTimeout, this);
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
        relay.takeBack();
        if (call != null) {
            call.abort();
        }
        lifecycle.end();
    }

    /** The client can take more bytes again: resume reading from upstream. */
    @Override
    public void onClientWritable() {
        if (call != null && state == State.RELAYING) {
            call.resumeReading();
        }
    }

    /** The request as bytes, with the same fields as {@link #buildRequest()} (no encoder, no header map). */
    private ByteBuf encodeRequest(ByteBufAllocator alloc) {
        return PassThroughRequestBytes.encode(alloc, target, forwarded.passedHeaders(),
                UpstreamHeaders.forModern(forwarded.request()), forwarded.clientAddress(), forwarded.clientHost(),
                forwarded.request().originalBody());
    }

    /** The request as an object, for a target whose credentials a handler adds to it. */
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
        TrustedHeaders.addForwarded(request.headers(), forwarded.clientAddress(), forwarded.clientHost());
        UpstreamCredentials.actFor(target, request.headers(), forwarded.principal().id());
        return request;
    }

    @Override
    public void onHead(HttpResponse head) {
        if (state != State.SENDING) {
            return;
        }
        upstreamHead = head;
        lifecycle.upstreamHead();
        // Compared ignoring case in place rather than on a lower-cased copy: this runs once per answer.
        String contentType = head.headers().get(HttpHeaderNames.CONTENT_TYPE, "");
        boolean success = head.status().codeClass() == HttpStatusClass.SUCCESS
                && head.status().code() != HttpResponseStatus.ACCEPTED.code();
        if (success && contentType.regionMatches(true, 0, "text/event-stream", 0, 17)) {
            startRelay(true, contentType);
        } else if (success && contentType.regionMatches(true, 0, "application/json", 0, 16)) {
            startRelay(false, contentType);
        } else {
            state = State.BUFFERING;
            errorBody = client.alloc().compositeBuffer();
        }
    }

    private void startRelay(boolean sse, String contentType) {
        state = State.RELAYING;
        HttpResponse response = new DefaultHttpResponse(HttpVersion.HTTP_1_1, upstreamHead.status());
        response.headers().set(HttpHeaderNames.CONTENT_TYPE, upstreamHead.headers().get(HttpHeaderNames.CONTENT_TYPE));
        relay.begin(response, upstreamHead, sse);
        lifecycle.headSent();
        if (sse) {
            lifecycle.streaming();
        }
        log.debug("[{}] relaying {} from {}", client.channel().id(), contentType, target.name());
    }

    @Override
    public void onContent(HttpContent content, boolean last) {
        lifecycle.upstreamTraffic();
        switch (state) {
            case RELAYING -> {
                relay.relay(content, last, () -> call.pauseReading());
                if (last) {
                    finish();
                }
            }
            case BUFFERING -> buffer(content, last);
            default -> content.release();
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
        Rejection answer = status == 401 || status == 403
                ? AuthRejections.upstreamRefused(forwarded.request().id(), target.name(), status) : null;
        if (answer == null && complete && contentType.toLowerCase(Locale.ROOT).startsWith("application/json")
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
                    client.channel().id(), target.name(), UpstreamFailures.describe(cause));
            endEarly(UpstreamFailure.of(FailureKind.CONNECTION_LOST, target.name(),
                    UpstreamFailures.describe(cause)));
        } else {
            answerFromBufferedError(false);
        }
    }

    private Rejection rejectionBeforeHead(Throwable cause) {
        if (cause instanceof TimeoutException) {
            log.info("[{}] upstream {} sent no response within {}", client.channel().id(), target.name(),
                    responseTimeout);
        }
        MappedFailure mapped = UpstreamFailures.beforeHead(cause, call == null || call.wasSent(),
                forwarded.request().id(), target, responseTimeout, Era.MODERN);
        lifecycle.outcome().errorType(mapped.errorType());
        return mapped.rejection();
    }

    /** A deadline passed: closing the upstream stream is the cancellation; the client gets a timeout for its id. */
    private void onDeadline(ExchangeLifecycle.Deadline deadline, Duration after) {
        if (state == State.DONE) {
            return;
        }
        log.info("[{}] upstream {}: {} ({}) passed; cancelling", client.channel().id(), target.name(), after,
                deadline.key());
        endEarly(UpstreamFailure.timeout(deadline.failureKind(), target.name(), after, deadline.key()));
    }

    /**
     * Ends the exchange before the upstream's answer did: a JSON-RPC error for the request id, as the response when
     * nothing was sent yet, as the stream's last event when it was; a JSON body under way can only be cut.
     */
    private void endEarly(UpstreamFailure failure) {
        if (call != null) {
            call.abort();
        }
        // An answer of which nothing reached the client yet is taken back: the client gets a whole error response.
        boolean relaying = state == State.RELAYING && !relay.takeBack();
        MappedFailure mapped = FailureMapper.map(failure, relaying, Era.MODERN,
                forwarded.request().id());
        lifecycle.outcome().errorType(mapped.errorType());
        if (!relaying) {
            ClientResponses.writeRejection(client, mapped.rejection(), forwarded.keepAlive());
        } else if (relay.isEventStream()) {
            relay.endWithEvent(SseEncoder.encode(SseEvent.message(new String(mapped.rejection().body(),
                    StandardCharsets.UTF_8))));
        } else {
            relay.cut();
        }
        finish();
    }

    private void failBeforeHead(Rejection rejection) {
        ClientResponses.writeRejection(client, rejection, forwarded.keepAlive());
        finish();
    }

    private void finish() {
        relay.takeBack();
        state = State.DONE;
        releaseErrorBody();
        lifecycle.end();
    }

    private void releaseErrorBody() {
        if (errorBody != null) {
            errorBody.release();
            errorBody = null;
        }
    }
}
