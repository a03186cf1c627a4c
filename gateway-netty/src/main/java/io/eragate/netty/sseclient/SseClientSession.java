package io.eragate.netty.sseclient;

import com.fasterxml.jackson.databind.JsonNode;
import io.eragate.core.auth.Principal;
import io.eragate.core.mcp.McpHeaders;
import io.eragate.core.sse.SseEncoder;
import io.eragate.core.sse.SseEvent;
import io.eragate.core.sseclient.SseClientPaths;
import io.eragate.netty.federation.InternalEndpoint;
import io.eragate.netty.server.GatewayContext;
import io.eragate.netty.upstream.UpstreamCall;
import io.eragate.netty.upstream.UpstreamTarget;
import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.http.DefaultFullHttpRequest;
import io.netty.handler.codec.http.DefaultHttpContent;
import io.netty.handler.codec.http.DefaultHttpHeaders;
import io.netty.handler.codec.http.DefaultHttpResponse;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaderValues;
import io.netty.handler.codec.http.HttpHeaders;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpResponse;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpUtil;
import io.netty.handler.codec.http.HttpVersion;
import io.netty.handler.codec.http.LastHttpContent;
import io.netty.util.concurrent.EventExecutor;
import io.netty.util.concurrent.ScheduledFuture;
import java.util.ArrayDeque;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One 2024-11-05 HTTP+SSE session: the client's GET stream, and the Streamable HTTP session it holds on its route.
 * Each message the client POSTs becomes one Streamable HTTP exchange on the route (through the internal endpoint,
 * as the GET's principal), and whatever the route answers (answers, notifications, server-to-client requests) is
 * written to the GET stream as {@code message} events. The {@code Mcp-Session-Id} of the route's answer to
 * {@code initialize} is kept here and sent with every later exchange; the route's own GET stream, when it offers one,
 * is relayed too. When the client's GET closes (or the session is idle too long) everything is aborted and the
 * Streamable HTTP session is DELETEd.
 *
 * <p>Threading: confined to the client connection's event loop; {@link #submit} is called there.
 */
final class SseClientSession {
    private static final Logger log = LoggerFactory.getLogger(SseClientSession.class);
    /** Client headers each exchange carries, so the route's front door judges them as the client's own. */
    private static final List<String> FORWARDED = List.of("host", "origin", "user-agent", "traceparent",
            "tracestate", "baggage");

    private final ChannelHandlerContext client;
    private final Supplier<GatewayContext> live;
    private final SseClientFront front;
    private final Principal principal;
    private final String routePath;
    private final HttpHeaders forwarded;
    private final Set<UpstreamCall> calls = new HashSet<>();
    /** Messages that came while {@code initialize} was in flight: they need the session it opens. */
    private final ArrayDeque<Runnable> waiting = new ArrayDeque<>();
    private String id;
    private String streamableSession;
    private String protocolVersion;
    private boolean initializing;
    private UpstreamCall routeStream;
    private ScheduledFuture<?> ticks;
    private boolean ended;

    SseClientSession(ChannelHandlerContext client, Supplier<GatewayContext> live, SseClientFront front,
            Principal principal, String routePath, HttpHeaders forwarded) {
        this.client = client;
        this.live = live;
        this.front = front;
        this.principal = principal;
        this.routePath = routePath;
        this.forwarded = forwarded;
    }

    /** The client headers that go with every exchange of a session opened by a GET with {@code headers}. */
    static HttpHeaders forwardedHeaders(HttpHeaders headers) {
        HttpHeaders kept = new DefaultHttpHeaders(false);
        for (String name : FORWARDED) {
            headers.getAll(name).forEach(value -> kept.add(name, value));
        }
        return kept;
    }

    EventExecutor executor() {
        return client.executor();
    }

    /** Answers the GET: the event stream, whose first event names where messages go. */
    void start(String sessionId) {
        this.id = sessionId;
        HttpResponse head = new DefaultHttpResponse(HttpVersion.HTTP_1_1, HttpResponseStatus.OK);
        head.headers().set(HttpHeaderNames.CONTENT_TYPE, "text/event-stream")
                .set(HttpHeaderNames.CACHE_CONTROL, HttpHeaderValues.NO_CACHE);
        HttpUtil.setTransferEncodingChunked(head, true);
        client.write(head);
        write(SseEncoder.encode(new SseEvent(null, "endpoint", SseClientPaths.endpoint(routePath, sessionId), null)));
        client.channel().closeFuture().addListener(closed -> executor().execute(
                () -> end("the client closed its stream")));
        long tick = front.tick().toNanos();
        ticks = executor().scheduleAtFixedRate(this::tick, tick, tick, TimeUnit.NANOSECONDS);
        log.debug("[{}] opened 2024-11-05 SSE session beside {}", client.channel().id(), routePath);
    }

    private void tick() {
        if (ended) {
            return;
        }
        if (front.sessions().isIdle(id)) {
            end("idle for sseClients.idleTimeout");
        } else {
            // A comment keeps proxies and the client connection's own idle timeout from closing a quiet stream.
            write(SseEncoder.comment(""));
        }
    }

    /** One message the client POSTed (already answered 202), as parsed and as sent. */
    void submit(JsonNode message, byte[] json) {
        if (ended) {
            front.sessions().finished(id);
            return;
        }
        boolean initialize = "initialize".equals(message.path("method").asText(null));
        if (initializing && !initialize) {
            waiting.addLast(() -> send(message, json, false));
            return;
        }
        send(message, json, initialize);
    }

    private void send(JsonNode message, byte[] json, boolean initialize) {
        if (ended) {
            front.sessions().finished(id);
            return;
        }
        if (initialize) {
            initializing = true;
        }
        JsonNode requestId = message.has("method") ? message.get("id") : null;
        FullHttpRequest request = request(HttpMethod.POST, json);
        request.headers().set(HttpHeaderNames.CONTENT_TYPE, HttpHeaderValues.APPLICATION_JSON)
                .set(HttpHeaderNames.ACCEPT, "application/json, text/event-stream");
        RouteAnswer answer = new RouteAnswer(this, requestId, initialize);
        start(request, answer);
    }

    private void start(FullHttpRequest request, RouteAnswer answer) {
        GatewayContext context = live.get();
        UpstreamTarget target = context.federation().internal().target();
        String handle = context.federation().internal().authorize(request.headers(), principal);
        answer.lent(handle, context.federation().internal());
        UpstreamCall call = UpstreamCall.start(context.pools().forLoop(client.channel().eventLoop()), target,
                request, context.limits().upstreamResponseTimeout(), answer);
        answer.call(call);
        if (call.isDone()) {
            return;
        }
        if (answer.isStream()) {
            routeStream = call;
        } else {
            calls.add(call);
        }
    }

    /** A request to the route through the internal endpoint, with the client's headers and the session's. */
    private FullHttpRequest request(HttpMethod method, byte[] body) {
        UpstreamTarget target = live.get().federation().internal().target();
        FullHttpRequest request = new DefaultFullHttpRequest(HttpVersion.HTTP_1_1, method, target.pathAndQuery(),
                body == null ? Unpooled.EMPTY_BUFFER : Unpooled.wrappedBuffer(body));
        request.headers().add(forwarded);
        if (!request.headers().contains(HttpHeaderNames.HOST)) {
            request.headers().set(HttpHeaderNames.HOST, target.hostHeader());
        }
        request.headers().set(InternalEndpoint.ROUTE_HEADER, routePath)
                .setInt(HttpHeaderNames.CONTENT_LENGTH, body == null ? 0 : body.length);
        if (streamableSession != null) {
            request.headers().set(McpHeaders.SESSION_ID, streamableSession);
        }
        if (protocolVersion != null) {
            request.headers().set(McpHeaders.PROTOCOL_VERSION, protocolVersion);
        }
        return request;
    }

    /** The route answered {@code initialize} with {@code sessionId} (null: a session-less server). */
    void initialized(String sessionId) {
        if (streamableSession == null) {
            streamableSession = sessionId;
        }
    }

    /** The protocol version the route's {@code initialize} result names, sent as a header from now on. */
    void negotiated(String version) {
        protocolVersion = version;
    }

    /** A message for the client, written to its stream as one {@code message} event. */
    void relay(String json) {
        if (!ended) {
            write(SseEncoder.encode(SseEvent.message(json)));
        }
    }

    /** An exchange has ended; after {@code initialize}, the messages that waited for it go, and the stream opens. */
    void exchangeEnded(RouteAnswer answer, UpstreamCall call) {
        if (answer.isIgnored()) {
            calls.remove(call);
            return;
        }
        if (answer.isStream()) {
            if (routeStream == call) {
                routeStream = null;
            }
            return;
        }
        calls.remove(call);
        front.sessions().finished(id);
        if (answer.isInitialize()) {
            initializing = false;
            Runnable next;
            while (!initializing && (next = waiting.pollFirst()) != null) {
                next.run();
            }
            openRouteStream();
        }
    }

    /** The route no longer knows the session: the client must open a new one. */
    void sessionLost() {
        end("the route no longer knows its Streamable HTTP session");
    }

    private void openRouteStream() {
        if (ended || streamableSession == null || routeStream != null) {
            return;
        }
        FullHttpRequest request = request(HttpMethod.GET, null);
        request.headers().set(HttpHeaderNames.ACCEPT, "text/event-stream");
        start(request, RouteAnswer.stream(this));
    }

    /** Ends the session: its exchanges are aborted, its Streamable HTTP session DELETEd, its stream closed. */
    void end(String why) {
        if (ended) {
            return;
        }
        ended = true;
        log.debug("[{}] 2024-11-05 SSE session beside {} ended: {}", client.channel().id(), routePath, why);
        if (ticks != null) {
            ticks.cancel(false);
        }
        for (UpstreamCall call : List.copyOf(calls)) {
            call.abort();
        }
        calls.clear();
        if (routeStream != null) {
            routeStream.abort();
            routeStream = null;
        }
        waiting.clear();
        if (streamableSession != null) {
            start(request(HttpMethod.DELETE, null), RouteAnswer.ignored(this));
        }
        front.sessions().close(id);
        if (client.channel().isActive()) {
            client.writeAndFlush(LastHttpContent.EMPTY_LAST_CONTENT).addListener(written -> client.close());
        }
    }

    boolean isEnded() {
        return ended;
    }

    private void write(byte[] bytes) {
        if (client.channel().isActive()) {
            client.writeAndFlush(new DefaultHttpContent(Unpooled.wrappedBuffer(bytes)));
        }
    }
}
