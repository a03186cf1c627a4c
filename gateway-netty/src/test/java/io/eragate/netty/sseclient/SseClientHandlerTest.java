package io.eragate.netty.sseclient;

import static org.assertj.core.api.Assertions.assertThat;

import io.eragate.core.auth.Principal;
import io.eragate.core.config.SseClientsConfig;
import io.eragate.core.route.Route;
import io.eragate.core.route.RouteTable;
import io.eragate.core.sseclient.SseClientSessions;
import io.eragate.core.testing.MutableClock;
import io.eragate.netty.auth.AuthenticatedRequest;
import io.netty.buffer.Unpooled;
import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.handler.codec.http.DefaultFullHttpRequest;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpContent;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpResponse;
import io.netty.handler.codec.http.HttpVersion;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The handler on an {@link EmbeddedChannel}, for everything decided before a message reaches the route: the GET's
 * event stream and its {@code endpoint} event, the 404 for a session that is unknown or another principal's, the 400
 * for a body that is no JSON-RPC message, the bounds, requests that are not this transport's, and a session that
 * ends with its GET. (Messages that reach the route are {@code SseClientIT}'s.)
 */
class SseClientHandlerTest {
    private static final Pattern ENDPOINT = Pattern.compile(
            "event: endpoint\ndata: (/mcp/messages\\?sessionId=([A-Za-z0-9_-]{43}))\n\n");
    private static final RouteTable ROUTES = new RouteTable(List.of(new Route("/mcp", "everything")));
    private static final Principal ALICE = new Principal("https://as", "alice", Set.of(), Map.of());
    private static final Principal BOB = new Principal("https://as", "bob", Set.of(), Map.of());

    private final SseClientFront front = new SseClientFront(new SseClientsConfig(1, 4, Duration.ofMinutes(10)));

    private EmbeddedChannel channel() {
        return new EmbeddedChannel(new SseClientHandler(() -> ROUTES, () -> {
            throw new AssertionError("nothing may reach the route in this test");
        }, front));
    }

    private static FullHttpRequest request(HttpMethod method, String uri, String body, Principal principal) {
        FullHttpRequest request = new DefaultFullHttpRequest(HttpVersion.HTTP_1_1, method, uri,
                Unpooled.copiedBuffer(body, StandardCharsets.UTF_8));
        request.headers().set(HttpHeaderNames.HOST, "localhost")
                .setInt(HttpHeaderNames.CONTENT_LENGTH, request.content().readableBytes());
        return AuthenticatedRequest.of(request, principal);
    }

    /** Opens a session on a new channel as {@code principal}; returns the endpoint event's path and the channel. */
    private Opened open(Principal principal) {
        EmbeddedChannel channel = channel();
        channel.writeInbound(request(HttpMethod.GET, "/mcp/sse", "", principal));
        HttpResponse head = channel.readOutbound();
        assertThat(head.status().code()).isEqualTo(200);
        assertThat(head.headers().get(HttpHeaderNames.CONTENT_TYPE)).isEqualTo("text/event-stream");
        HttpContent first = channel.readOutbound();
        String event = first.content().toString(StandardCharsets.UTF_8);
        first.release();
        Matcher matcher = ENDPOINT.matcher(event);
        assertThat(matcher.matches()).as(event).isTrue();
        return new Opened(channel, matcher.group(1), matcher.group(2));
    }

    private record Opened(EmbeddedChannel channel, String endpoint, String sessionId) {
    }

    private static int status(EmbeddedChannel channel, FullHttpRequest request) {
        channel.writeInbound(request);
        FullHttpResponse response = channel.readOutbound();
        try {
            return response.status().code();
        } finally {
            response.release();
        }
    }

    @Test
    void aGetBesideARouteOpensAStreamWhoseFirstEventNamesTheMessagesEndpoint() {
        Opened opened = open(ALICE);

        assertThat(front.openSessions()).isEqualTo(1);
        opened.channel().finishAndReleaseAll();
    }

    @Test
    void aMessageForAnUnknownSessionOrAnotherPrincipalsIsNotFound() {
        Opened opened = open(ALICE);
        EmbeddedChannel poster = channel();

        assertThat(status(poster, request(HttpMethod.POST, "/mcp/messages?sessionId=nope", "{}", ALICE)))
                .isEqualTo(404);
        assertThat(status(poster, request(HttpMethod.POST, "/mcp/messages", "{}", ALICE))).isEqualTo(404);
        assertThat(status(poster, request(HttpMethod.POST, opened.endpoint(), "{}", BOB))).isEqualTo(404);
        assertThat(status(poster, request(HttpMethod.POST, opened.endpoint(), "not json", ALICE))).isEqualTo(400);
        assertThat(status(poster, request(HttpMethod.POST, opened.endpoint(), "[1]", ALICE))).isEqualTo(400);
        opened.channel().finishAndReleaseAll();
        poster.finishAndReleaseAll();
    }

    @Test
    void aMessageBeyondSseClientsMaxQueuedMessagesIsRefusedWithItsIdAndNotSent() {
        Opened opened = open(ALICE);
        for (int queued = 0; queued < 4; queued++) {
            assertThat(front.sessions().admit(opened.sessionId(), ALICE.id(), "/mcp"))
                    .isInstanceOf(SseClientSessions.Admitted.class);
        }
        EmbeddedChannel poster = channel();

        poster.writeInbound(request(HttpMethod.POST, opened.endpoint(),
                "{\"jsonrpc\":\"2.0\",\"id\":\"call-7\",\"method\":\"tools/call\"}", ALICE));
        FullHttpResponse refused = poster.readOutbound();
        try {
            assertThat(refused.status().code()).isEqualTo(503);
            assertThat(refused.content().toString(StandardCharsets.UTF_8))
                    .contains("\"id\":\"call-7\"", "\"code\":-32603", "sseClients.maxQueuedMessages");
        } finally {
            refused.release();
        }
        opened.channel().finishAndReleaseAll();
        poster.finishAndReleaseAll();
    }

    @Test
    void oneSessionMoreThanSseClientsMaxSessionsIsRefused() {
        Opened opened = open(ALICE);
        EmbeddedChannel second = channel();

        assertThat(status(second, request(HttpMethod.GET, "/mcp/sse", "", ALICE))).isEqualTo(503);
        opened.channel().finishAndReleaseAll();
        second.finishAndReleaseAll();
    }

    @Test
    void theSessionEndsWithItsGetAndItsIdIsUnknownThen() {
        Opened opened = open(ALICE);
        opened.channel().close();
        opened.channel().runPendingTasks();

        assertThat(front.openSessions()).isZero();
        EmbeddedChannel poster = channel();
        assertThat(status(poster, request(HttpMethod.POST, opened.endpoint(), "{}", ALICE))).isEqualTo(404);
        opened.channel().finishAndReleaseAll();
        poster.finishAndReleaseAll();
    }

    @Test
    void aQuietStreamGetsAKeepAliveCommentEveryTick() {
        Opened opened = open(ALICE);

        opened.channel().advanceTimeBy(front.tick().toNanos(), TimeUnit.NANOSECONDS);
        opened.channel().runScheduledPendingTasks();

        HttpContent comment = opened.channel().readOutbound();
        assertThat(comment.content().toString(StandardCharsets.UTF_8)).isEqualTo(":\n");
        comment.release();
        assertThat(front.openSessions()).isEqualTo(1);
        opened.channel().finishAndReleaseAll();
    }

    @Test
    void aStreamGetsCommentsTwiceWithinTheConnectionIdleTimeout() {
        assertThat(new SseClientFront(SseClientsConfig.defaults(), Duration.ofSeconds(10)).tick())
                .isEqualTo(Duration.ofSeconds(5));
        assertThat(new SseClientFront(SseClientsConfig.defaults(), Duration.ofMinutes(5)).tick())
                .isEqualTo(Duration.ofSeconds(15));
        assertThat(new SseClientFront(new SseClientsConfig(1, 1, Duration.ofSeconds(2)), Duration.ofMinutes(5)).tick())
                .isEqualTo(Duration.ofSeconds(2));
    }

    private static void tick(EmbeddedChannel channel, SseClientFront front) {
        channel.advanceTimeBy(front.tick().toNanos(), TimeUnit.NANOSECONDS);
        channel.runScheduledPendingTasks();
        channel.runPendingTasks();
    }

    @Test
    void aSessionIdleForSseClientsIdleTimeoutEndsAndClosesItsStream() {
        MutableClock clock = new MutableClock(Instant.parse("2026-12-03T12:00:00Z"));
        SseClientFront quick = new SseClientFront(new SseClientsConfig(1, 4, Duration.ofSeconds(30)),
                Duration.ofMinutes(5), clock);
        EmbeddedChannel channel = new EmbeddedChannel(new SseClientHandler(() -> ROUTES, () -> {
            throw new AssertionError("nothing may reach the route in this test");
        }, quick));
        channel.writeInbound(request(HttpMethod.GET, "/mcp/sse", "", ALICE));
        assertThat(quick.openSessions()).isEqualTo(1);
        clock.advance(Duration.ofSeconds(29));
        tick(channel, quick);
        assertThat(quick.openSessions()).as("29 s idle of 30").isEqualTo(1);

        clock.advance(Duration.ofSeconds(2));
        tick(channel, quick);

        assertThat(quick.openSessions()).isZero();
        assertThat(channel.isActive()).isFalse();
        channel.finishAndReleaseAll();
    }

    @Test
    void requestsOfOtherTransportsGoOnUnchanged() {
        EmbeddedChannel channel = channel();
        FullHttpRequest toRoute = request(HttpMethod.POST, "/mcp", "{}", ALICE);
        FullHttpRequest elsewhere = request(HttpMethod.GET, "/other/sse", "", ALICE);

        channel.writeInbound(toRoute, elsewhere);

        assertThat((Object) channel.readInbound()).isSameAs(toRoute);
        assertThat((Object) channel.readInbound()).isSameAs(elsewhere);
        assertThat((Object) channel.readOutbound()).isNull();
        toRoute.release();
        elsewhere.release();
        channel.finishAndReleaseAll();
    }
}
