package io.eragate.netty.server;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import io.eragate.core.auth.Admission;
import io.eragate.core.bridge.LogLevel;
import io.eragate.core.config.BridgeConfig;
import io.eragate.core.config.EraSetting;
import io.eragate.core.config.ErasConfig;
import io.eragate.core.config.LimitsConfig;
import io.eragate.core.config.MrtrConfig;
import io.eragate.core.config.SubscriptionsConfig;
import io.eragate.core.config.UpstreamConfig;
import io.eragate.core.frontdoor.FrontDoor;
import io.eragate.core.frontdoor.FrontDoorPolicy;
import io.eragate.core.jsonrpc.JsonRpcCodec;
import io.eragate.core.legacyfront.LegacyClientSession;
import io.eragate.core.mcp.ProtocolVersions;
import io.eragate.core.route.Route;
import io.eragate.core.route.RouteTable;
import io.eragate.core.security.KeyRing;
import io.eragate.core.security.OriginPolicy;
import io.eragate.core.security.SealingKey;
import io.eragate.core.security.StateSealer;
import io.eragate.netty.bridge.EraDirectory;
import io.eragate.netty.bridge.LegacyBridge;
import io.eragate.netty.upstream.UpstreamPoolSettings;
import io.eragate.netty.upstream.UpstreamPools;
import io.eragate.netty.upstream.UpstreamTarget;
import io.netty.buffer.Unpooled;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.nio.NioDatagramChannel;
import io.netty.channel.socket.nio.NioSocketChannel;
import io.netty.handler.codec.http.DefaultFullHttpRequest;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpVersion;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The legacy client front on the connection handler, with {@link EmbeddedChannel}: what it answers itself, without
 * the upstream (a loopback socket nobody answers on, pinned {@code era: modern} on {@code /mcp} and {@code era: legacy}
 * on {@code /old}, so that nothing is probed): sessions that do not open (404), requests without one (400), GET and
 * DELETE without one (405), ping, setLevel and DELETE, and era by the body on a legacy route.
 */
class LegacyFrontHandlerTest {
    private static final String MODERN_ROUTE = "/mcp";
    private static final String LEGACY_ROUTE = "/old";

    private EventLoopGroup upstreamLoop;
    private UpstreamPools pools;
    private ServerSocket silentUpstream;
    private GatewayContext context;

    @BeforeEach
    void start() throws IOException {
        upstreamLoop = new MultiThreadIoEventLoopGroup(1, NioIoHandler.newFactory());
        pools = new UpstreamPools(upstreamLoop, NioSocketChannel.class, NioDatagramChannel.class,
                new UpstreamPoolSettings(4, 4, Duration.ofSeconds(2), Duration.ofMinutes(5)), 8192);
        silentUpstream = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
        URI url = URI.create("http://127.0.0.1:" + silentUpstream.getLocalPort() + "/mcp");
        List<UpstreamConfig> upstreams = List.of(new UpstreamConfig("modern", url, EraSetting.MODERN),
                new UpstreamConfig("legacy", url, EraSetting.LEGACY));
        Map<String, UpstreamTarget> targets = Map.of("modern", UpstreamTarget.of("modern", url),
                "legacy", UpstreamTarget.of("legacy", url));
        EraDirectory eras = new EraDirectory(new ErasConfig(Duration.ofHours(1), 10, "", Duration.ofSeconds(20)),
                List.of(upstreams.get(0)), pools, GatewayVersion.current());
        RouteTable routes = new RouteTable(List.of(new Route(MODERN_ROUTE, "modern"),
                new Route(LEGACY_ROUTE, "legacy")));
        FrontDoor frontDoor = new FrontDoor(new FrontDoorPolicy(routes,
                OriginPolicy.of(List.of(), List.of("localhost")), ProtocolVersions.MODERN));
        LegacyBridge bridge = new LegacyBridge(BridgeConfig.defaults(), MrtrConfig.defaults(),
                SubscriptionsConfig.defaults(), targets, pools, eras, GatewayVersion.current(),
                StateSealer.random(), Admission.OPEN.policies());
        context = new GatewayContext(frontDoor, routes, targets, pools, LimitsConfig.defaults(), eras, bridge);
    }

    @AfterEach
    void stop() throws IOException {
        silentUpstream.close();
        context.bridge().close();
        upstreamLoop.shutdownGracefully(0, 1, TimeUnit.SECONDS).awaitUninterruptibly();
        pools.close();
    }

    private String session(String route, String principal) {
        return context.legacyFront().ids().seal(new LegacyClientSession(ProtocolVersions.V2025_11_25,
                JsonNodeFactory.instance.objectNode(), JsonNodeFactory.instance.objectNode().put("name", "c"), route,
                principal));
    }

    private static FullHttpRequest request(HttpMethod method, String path, String body, String sessionId) {
        FullHttpRequest request = new DefaultFullHttpRequest(HttpVersion.HTTP_1_1, method, path,
                Unpooled.copiedBuffer(body, StandardCharsets.UTF_8));
        request.headers().set(HttpHeaderNames.HOST, "localhost")
                .set(HttpHeaderNames.ACCEPT, "application/json, text/event-stream")
                .set(HttpHeaderNames.CONTENT_TYPE, "application/json")
                .set("MCP-Protocol-Version", ProtocolVersions.V2025_11_25)
                .setInt(HttpHeaderNames.CONTENT_LENGTH, request.content().readableBytes());
        if (sessionId != null) {
            request.headers().set("Mcp-Session-Id", sessionId);
        }
        return request;
    }

    private static FullHttpRequest post(String body, String sessionId) {
        return request(HttpMethod.POST, MODERN_ROUTE, body, sessionId);
    }

    /** Sends {@code request} and returns the one answer, its body read. */
    private static Answer answer(EmbeddedChannel channel, FullHttpRequest request) throws IOException {
        channel.writeInbound(request);
        channel.runPendingTasks();
        FullHttpResponse response = channel.readOutbound();
        assertThat(response).as("an answer without the upstream").isNotNull();
        try {
            String body = response.content().toString(StandardCharsets.UTF_8);
            return new Answer(response.status().code(), body.isEmpty() ? null : JsonRpcCodec.readTree(body));
        } finally {
            response.release();
        }
    }

    private EmbeddedChannel channel() {
        return new EmbeddedChannel(new McpRequestHandler(context));
    }

    private record Answer(int status, JsonNode body) {
    }

    @Test
    void pingIsAnsweredByTheGatewayWithTheRequestId() throws IOException {
        Answer answer = answer(channel(), post("{\"jsonrpc\":\"2.0\",\"id\":\"p-1\",\"method\":\"ping\"}",
                session(MODERN_ROUTE, "anonymous")));

        assertThat(answer.status()).isEqualTo(200);
        assertThat(answer.body().get("id").textValue()).isEqualTo("p-1");
        assertThat(answer.body().get("result").isEmpty()).isTrue();
    }

    @Test
    void aSessionThatDoesNotOpenIsNotFound() throws IOException {
        String ping = "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\"}";
        String good = session(MODERN_ROUTE, "anonymous");
        String tampered = good.substring(0, good.length() - 2) + (good.endsWith("AA") ? "BB" : "AA");

        assertThat(answer(channel(), post(ping, tampered)).status()).isEqualTo(404);
        assertThat(answer(channel(), post(ping, "made-up")).status()).isEqualTo(404);
        assertThat(answer(channel(), post(ping, session(LEGACY_ROUTE, "anonymous"))).status())
                .as("sealed for another route").isEqualTo(404);
        assertThat(answer(channel(), post(ping, session(MODERN_ROUTE, "https://issuer#bob"))).status())
                .as("sealed for another principal").isEqualTo(404);
    }

    @Test
    void aKeptSessionIsNotFoundOnceTheRingLeavesItsKeyOutAndNowhereElseMeanwhile() throws IOException {
        String ping = "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\"}";
        String id = session(MODERN_ROUTE, "anonymous");
        assertThat(answer(channel(), post(ping, id)).status()).isEqualTo(200);
        assertThat(answer(channel(), post(ping, id)).status()).as("opened again, or kept").isEqualTo(200);
        assertThat(answer(channel(), request(HttpMethod.POST, LEGACY_ROUTE, ping, id)).status())
                .as("kept for its own route only").isEqualTo(404);

        // What a reload that rotates security.secrets does: the one sealer gets a ring without the old key.
        context.identity().sealer().useKeys(KeyRing.of(SealingKey.random()));

        assertThat(answer(channel(), post(ping, id)).status()).as("the new ring refuses it").isEqualTo(404);
        assertThat(answer(channel(), post(ping, session(MODERN_ROUTE, "anonymous"))).status())
                .as("sealed under the new ring").isEqualTo(200);
    }

    @Test
    void aRequestWithoutASessionThatIsNotInitializeIsABadRequest() throws IOException {
        Answer answer = answer(channel(), post("{\"jsonrpc\":\"2.0\",\"id\":7,\"method\":\"tools/list\"}", null));

        assertThat(answer.status()).isEqualTo(400);
        assertThat(answer.body().get("id").intValue()).isEqualTo(7);
        assertThat(answer.body().at("/error/code").intValue()).isEqualTo(-32600);
    }

    @Test
    void getAndDeleteWithoutASessionAreNotAllowed() throws IOException {
        assertThat(answer(channel(), request(HttpMethod.GET, MODERN_ROUTE, "", null)).status()).isEqualTo(405);
        assertThat(answer(channel(), request(HttpMethod.DELETE, MODERN_ROUTE, "", null)).status()).isEqualTo(405);
    }

    @Test
    void setLevelIsKeptForTheSessionAndDeleteEndsIt() throws IOException {
        String sessionId = session(MODERN_ROUTE, "anonymous");
        EmbeddedChannel channel = channel();

        Answer set = answer(channel, post("{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"logging/setLevel\","
                + "\"params\":{\"level\":\"error\"}}", sessionId));
        assertThat(set.status()).isEqualTo(200);
        assertThat(context.legacyFront().states().find(sessionId).orElseThrow().logLevel())
                .isEqualTo(LogLevel.ERROR);

        assertThat(answer(channel, request(HttpMethod.DELETE, MODERN_ROUTE, "", sessionId)).status()).isEqualTo(200);
        assertThat(answer(channel, post("{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":\"ping\"}", sessionId)).status())
                .as("an ended session is gone").isEqualTo(404);
    }

    @Test
    void aSubscriptionWithoutAGetStreamIsAnsweredByTheGatewayAtOnce() throws IOException {
        // resources/subscribe, removed in 2026-07-28, is served to legacy clients by the session's one listen, which
        // opens with the client's GET stream; until then the subscription is only recorded.
        Answer answer = answer(channel(), post("{\"jsonrpc\":\"2.0\",\"id\":4,\"method\":\"resources/subscribe\","
                + "\"params\":{\"uri\":\"x:/\"}}", session(MODERN_ROUTE, "anonymous")));

        assertThat(answer.status()).isEqualTo(200);
        assertThat(answer.body().get("result").isObject()).as(answer.body().toString()).isTrue();
        assertThat(answer.body().get("id").intValue()).isEqualTo(4);
    }

    @Test
    void aModernBodyUnderALegacyHeaderIsAHeaderMismatchEvenOnALegacyRoute() throws IOException {
        FullHttpRequest request = request(HttpMethod.POST, LEGACY_ROUTE, "{\"jsonrpc\":\"2.0\",\"id\":5,"
                + "\"method\":\"tools/call\",\"params\":{\"name\":\"t\",\"_meta\":{"
                + "\"io.modelcontextprotocol/protocolVersion\":\"2026-07-28\","
                + "\"io.modelcontextprotocol/clientCapabilities\":{}}}}", null);
        request.headers().set("Mcp-Method", "tools/call").set("Mcp-Name", "t");

        Answer answer = answer(channel(), request);

        assertThat(answer.status()).isEqualTo(400);
        assertThat(answer.body().at("/error/code").intValue()).isEqualTo(-32020);
        assertThat(answer.body().get("id").intValue()).isEqualTo(5);
    }
}
