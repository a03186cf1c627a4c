package io.eragate.netty.upstream;

import io.eragate.core.auth.AuthRejections;
import io.eragate.netty.server.ClientResponses;
import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.http.DefaultHttpResponse;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.HttpContent;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpResponse;
import io.netty.handler.codec.http.HttpVersion;
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
    private final Runnable onComplete;
    private final UnaryOperator<String> clientSessionId;
    private final ClientRelay relay;
    private UpstreamCall call;
    private boolean relaying;
    private boolean done;

    /**
     * Prepares the exchange; {@link #start()} sends it.
     *
     * @param onComplete runs once when the client has its whole answer, or the exchange was cancelled
     * @param clientSessionId the {@code Mcp-Session-Id} the client gets for the upstream's (a sealed one)
     */
    public LegacyPassThroughExchange(ChannelHandlerContext client, PassedThroughRequest request, UpstreamTarget target,
            UpstreamChannelPool pool, Duration responseTimeout, Runnable onComplete,
            UnaryOperator<String> clientSessionId) {
        this.client = client;
        this.request = request;
        this.target = target;
        this.pool = pool;
        this.responseTimeout = responseTimeout;
        this.onComplete = onComplete;
        this.clientSessionId = clientSessionId;
        this.relay = new ClientRelay(client, request.keepAlive(), request.clientAcceptsChunked());
    }

    @Override
    public void start() {
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
        log.debug("[{}] passing {} {} through to {}", client.channel().id(), head.status().code(), contentType,
                target.name());
    }

    @Override
    public void onContent(HttpContent content, boolean last) {
        if (done || !relaying) {
            content.release();
            return;
        }
        relay.relay(content, last, call);
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
            ClientResponses.writeRejection(client, UpstreamFailures.beforeHead(cause, null, target, responseTimeout),
                    request.keepAlive());
        } else {
            log.info("[{}] upstream {} failed mid-answer ({}); ending the client's answer", client.channel().id(),
                    target.name(), UpstreamFailures.describe(cause));
            client.writeAndFlush(Unpooled.EMPTY_BUFFER).addListener(ChannelFutureListener.CLOSE);
        }
        finish();
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
        done = true;
        onComplete.run();
    }
}
