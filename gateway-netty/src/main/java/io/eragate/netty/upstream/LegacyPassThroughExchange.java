package io.eragate.netty.upstream;

import io.eragate.core.exchange.FailureKind;
import io.eragate.core.exchange.FailureMapper;
import io.eragate.core.exchange.MappedFailure;
import io.eragate.core.exchange.UpstreamFailure;
import io.eragate.core.jsonrpc.Decoded;
import io.eragate.core.jsonrpc.JsonRpcCodec;
import io.eragate.core.jsonrpc.JsonRpcId;
import io.eragate.core.jsonrpc.JsonRpcRequest;
import io.eragate.core.mcp.Era;
import io.eragate.core.sse.SseEncoder;
import io.eragate.core.sse.SseEvent;
import io.eragate.netty.client.ClientRelay;
import io.eragate.netty.client.ClientResponses;
import io.eragate.netty.exchange.ExchangeLifecycle;
import io.eragate.core.auth.AuthRejections;
import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.http.DefaultHttpResponse;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.HttpContent;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpResponse;
import io.netty.handler.codec.http.HttpVersion;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.function.UnaryOperator;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A legacy-era client's request (2025-11-25 Streamable HTTP: a POST of any message, the GET of a standalone stream, the
 * DELETE of a session) passed through to a legacy upstream as it is: same method and body, the transport's headers
 * ({@code Mcp-Session-Id}, {@code MCP-Protocol-Version}, {@code Last-Event-ID}), and the upstream's answer relayed
 * with its status and its {@code Mcp-Session-Id} (sealed with the principal, see
 * {@link io.eragate.core.security.SealedSessionIds}), whatever the status: a legacy client understands its server's
 * own answers, a 404 for an ended session included. Sessions need no affinity beyond the route: a route has one
 * upstream. An upstream refusing the gateway's credentials (401/403) is a 502, without its challenge.
 *
 * <p>Threading: created and driven on the client channel's event loop, which is also the upstream channel's loop.
 */
public final class LegacyPassThroughExchange implements UpstreamCall.Handler, ClientExchange {
    private static final Logger log = LoggerFactory.getLogger(LegacyPassThroughExchange.class);
    /** Answer headers a legacy client may act on, besides the content type and the framing. */
    private static final String SESSION_ID = "Mcp-Session-Id";
    private static final List<String> RELAYED_HEADERS = List.of(SESSION_ID, "Allow", "Retry-After");

    private final ChannelHandlerContext client;
    private final PassedThroughRequest request;
    private final UpstreamTarget target;
    private final UpstreamChannelPool pool;
    private final Duration responseTimeout;
    private final ExchangeLifecycle lifecycle;
    private final UnaryOperator<String> clientSessionId;
    private final ClientRelay relay;
    private UpstreamCall call;
    private boolean relaying;
    private boolean done;

    /**
     * Prepares the exchange; {@link #start()} sends it.
     *
     * @param lifecycle the exchange's deadlines and end
     * @param clientSessionId the {@code Mcp-Session-Id} the client gets for the upstream's (a sealed one)
     */
    public LegacyPassThroughExchange(ChannelHandlerContext client, PassedThroughRequest request, UpstreamTarget target,
            UpstreamChannelPool pool, Duration responseTimeout, ExchangeLifecycle lifecycle,
            UnaryOperator<String> clientSessionId) {
        this.client = client;
        this.request = request;
        this.target = target;
        this.pool = pool;
        this.responseTimeout = responseTimeout;
        this.lifecycle = lifecycle;
        this.clientSessionId = clientSessionId;
        this.relay = new ClientRelay(client, request.keepAlive(), request.clientAcceptsChunked());
    }

    @Override
    public void start() {
        lifecycle.start(this::onDeadline);
        call = UpstreamCall.start(pool, target, buildRequest(), responseTimeout, this);
    }

    private FullHttpRequest buildRequest() {
        byte[] body = request.body();
        FullHttpRequest upstream = TrustedHeaders.request(HttpMethod.valueOf(request.httpMethod()),
                target.pathAndQuery(), Unpooled.wrappedBuffer(body));
        upstream.headers().add(request.passedHeaders());
        upstream.headers().set(HttpHeaderNames.HOST, target.hostHeader());
        if (body.length > 0 || "POST".equals(request.httpMethod())) {
            upstream.headers().setInt(HttpHeaderNames.CONTENT_LENGTH, body.length);
        }
        TrustedHeaders.addForwarded(upstream.headers(), request.clientAddress(), request.clientHost());
        return upstream;
    }

    @Override
    public void onHead(HttpResponse head) {
        if (done) {
            return;
        }
        int status = head.status().code();
        if (status == 401 || status == 403) {
            // The upstream refuses the gateway's credentials; its challenge is not the client's business.
            call.abort();
            ClientResponses.writeRejection(client, AuthRejections.upstreamRefused(null, target.name(), status),
                    request.keepAlive());
            finish();
            return;
        }
        relaying = true;
        lifecycle.upstreamHead();
        String contentType = head.headers().get(HttpHeaderNames.CONTENT_TYPE);
        HttpResponse response = new DefaultHttpResponse(HttpVersion.HTTP_1_1, head.status());
        if (contentType != null) {
            response.headers().set(HttpHeaderNames.CONTENT_TYPE, contentType);
        }
        for (String name : RELAYED_HEADERS) {
            String value = head.headers().get(name);
            if (value != null) {
                response.headers().set(name, SESSION_ID.equals(name) ? clientSessionId.apply(value) : value);
            }
        }
        boolean sse = contentType != null && contentType.toLowerCase(Locale.ROOT).startsWith("text/event-stream");
        relay.begin(response, head, sse);
        lifecycle.headSent();
        if (sse) {
            lifecycle.streaming();
        }
        log.debug("[{}] passing {} {} through to {}", client.channel().id(), head.status().code(), contentType,
                target.name());
    }

    @Override
    public void onContent(HttpContent content, boolean last) {
        if (done || !relaying) {
            content.release();
            return;
        }
        lifecycle.upstreamTraffic();
        relay.relay(content, last, () -> call.pauseReading());
        if (last) {
            finish();
        }
    }

    @Override
    public void onFailure(Throwable cause, boolean beforeHead) {
        if (done) {
            return;
        }
        if (beforeHead) {
            MappedFailure mapped = UpstreamFailures.beforeHead(cause, call == null || call.wasSent(), requestId(),
                    target, responseTimeout, Era.LEGACY);
            lifecycle.outcome().errorType(mapped.errorType());
            ClientResponses.writeRejection(client, mapped.rejection(), request.keepAlive());
            finish();
        } else {
            log.info("[{}] upstream {} failed mid-answer ({}); ending the client's answer", client.channel().id(),
                    target.name(), UpstreamFailures.describe(cause));
            endEarly(UpstreamFailure.of(FailureKind.CONNECTION_LOST, target.name(), UpstreamFailures.describe(cause)));
        }
    }

    /** A deadline passed: the upstream stream is closed and the client told, as for a failure. */
    private void onDeadline(ExchangeLifecycle.Deadline deadline, Duration after) {
        if (done) {
            return;
        }
        log.info("[{}] upstream {}: {} ({}) passed; ending the passed-through answer", client.channel().id(),
                target.name(), after, deadline.key());
        endEarly(UpstreamFailure.timeout(deadline.failureKind(), target.name(), after, deadline.key()));
    }

    /** Ends the answer early: a JSON-RPC error for the request's id, as a response or as the stream's last event. */
    private void endEarly(UpstreamFailure failure) {
        if (call != null) {
            call.abort();
        }
        // An answer of which nothing reached the client yet is taken back: the client gets a whole error response.
        boolean sent = relaying && !relay.takeBack();
        MappedFailure mapped = FailureMapper.map(failure, sent, Era.LEGACY, requestId());
        lifecycle.outcome().errorType(mapped.errorType());
        if (!sent) {
            ClientResponses.writeRejection(client, mapped.rejection(), request.keepAlive());
        } else if (relay.isEventStream() && requestId() != null) {
            relay.endWithEvent(SseEncoder.encode(SseEvent.message(new String(mapped.rejection().body(),
                    StandardCharsets.UTF_8))));
        } else {
            relay.cut();
        }
        finish();
    }

    /** The id of the passed-through request, when its body is one JSON-RPC request. */
    private JsonRpcId requestId() {
        return JsonRpcCodec.decode(request.body()) instanceof Decoded.Message message
                && message.message() instanceof JsonRpcRequest rpc ? rpc.id() : null;
    }

    /** The client left: closing the upstream exchange ends the stream; a legacy client cancels by notification. */
    @Override
    public void cancel() {
        if (done) {
            return;
        }
        if (call != null) {
            call.abort();
        }
        finish();
    }

    @Override
    public void onClientWritable() {
        if (call != null && relaying) {
            call.resumeReading();
        }
    }

    private void finish() {
        relay.takeBack();
        done = true;
        lifecycle.end();
    }
}
