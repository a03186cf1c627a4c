package io.eragate.netty.server;

import static org.assertj.core.api.Assertions.assertThat;

import io.eragate.core.auth.Admission;
import io.eragate.core.config.BridgeConfig;
import io.eragate.core.config.EraSetting;
import io.eragate.core.config.ErasConfig;
import io.eragate.core.config.LimitsConfig;
import io.eragate.core.config.MrtrConfig;
import io.eragate.core.config.SubscriptionsConfig;
import io.eragate.core.config.UpstreamConfig;
import io.eragate.core.frontdoor.FrontDoor;
import io.eragate.core.frontdoor.FrontDoorPolicy;
import io.eragate.core.frontdoor.Rejections;
import io.eragate.core.mcp.ProtocolVersions;
import io.eragate.core.route.Route;
import io.eragate.core.route.RouteTable;
import io.eragate.core.security.StateSealer;
import io.eragate.core.security.OriginPolicy;
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
import io.netty.channel.socket.ChannelInputShutdownEvent;
import io.netty.channel.socket.nio.NioDatagramChannel;
import io.netty.channel.socket.nio.NioSocketChannel;
import io.netty.handler.codec.http.DefaultFullHttpRequest;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpVersion;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * {@link McpRequestHandler} on an embedded channel: the pipelining queue, auto-read, early close, and input that ends
 * (half-close) or is refused (a decoder failure) behind a request in flight.
 *
 * <p>An exchange in flight is a request to an {@code era: auto} upstream whose era probe waits on a loopback socket
 * the test holds: the request stays in flight until the test drops that socket, and is then answered 502. Everything
 * else is answered by the ladder at once (a notification 202, an unrouted path 404).
 */
class McpRequestHandlerTest {
    private static final String ROUTED = "/mcp";
    private static final Duration GENEROUS = Duration.ofSeconds(20);

    private EventLoopGroup upstreamLoop;
    private UpstreamPools pools;
    private ServerSocket heldUpstream;
    private EraDirectory eras;
    private UpstreamTarget target;
    private GatewayContext context;

    @BeforeEach
    void start() throws IOException {
        upstreamLoop = new MultiThreadIoEventLoopGroup(1, NioIoHandler.newFactory());
        pools = new UpstreamPools(upstreamLoop, NioSocketChannel.class, NioDatagramChannel.class,
                new UpstreamPoolSettings(4, 4, Duration.ofSeconds(2), Duration.ofMinutes(5)), 8192);
        heldUpstream = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
        URI url = URI.create("http://127.0.0.1:" + heldUpstream.getLocalPort() + "/mcp");
        UpstreamConfig upstream = new UpstreamConfig("held", url, EraSetting.AUTO);
        target = UpstreamTarget.of("held", url);
        ErasConfig erasConfig = new ErasConfig(Duration.ofHours(1), 10, "", GENEROUS);
        eras = new EraDirectory(erasConfig, List.of(upstream), pools, GatewayVersion.current());
        RouteTable routes = new RouteTable(List.of(new Route(ROUTED, "held")));
        FrontDoor frontDoor = new FrontDoor(new FrontDoorPolicy(routes,
                OriginPolicy.of(List.of(), List.of("localhost")), ProtocolVersions.MODERN));
        LegacyBridge bridge = new LegacyBridge(BridgeConfig.defaults(), MrtrConfig.defaults(),
                SubscriptionsConfig.defaults(), Map.of("held", target), pools, eras, GatewayVersion.current(),
                StateSealer.random(), Admission.OPEN.policies());
        context = new GatewayContext(frontDoor, routes, Map.of("held", target), pools, LimitsConfig.defaults(), eras,
                bridge);
    }

    @AfterEach
    void stop() throws IOException {
        heldUpstream.close();
        context.bridge().close();
        upstreamLoop.shutdownGracefully(0, 1, TimeUnit.SECONDS).awaitUninterruptibly();
        pools.close();
    }

    private EmbeddedChannel channel() {
        return new EmbeddedChannel(new McpRequestHandler(context));
    }

    private static FullHttpRequest post(String path, String body) {
        FullHttpRequest request = new DefaultFullHttpRequest(HttpVersion.HTTP_1_1, HttpMethod.POST, path,
                Unpooled.copiedBuffer(body, StandardCharsets.UTF_8));
        request.headers().set(HttpHeaderNames.HOST, "localhost")
                .set(HttpHeaderNames.ACCEPT, "application/json, text/event-stream")
                .set(HttpHeaderNames.CONTENT_TYPE, "application/json")
                .set("MCP-Protocol-Version", ProtocolVersions.V2026_07_28)
                .setInt(HttpHeaderNames.CONTENT_LENGTH, request.content().readableBytes());
        return request;
    }

    /** A tools/list to the held upstream: in flight until {@link #releaseTheUpstream} runs. */
    private static FullHttpRequest heldCall(String id) {
        FullHttpRequest request = post(ROUTED, "{\"jsonrpc\":\"2.0\",\"id\":\"" + id + "\",\"method\":\"tools/list\","
                + "\"params\":{\"_meta\":{\"io.modelcontextprotocol/protocolVersion\":\""
                + ProtocolVersions.V2026_07_28 + "\",\"io.modelcontextprotocol/clientCapabilities\":{}}}}");
        request.headers().set("Mcp-Method", "tools/list");
        return request;
    }

    /** A notification: answered 202 with no body as soon as it is its turn. */
    private static FullHttpRequest notification() {
        return post(ROUTED, "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/cancelled\",\"params\":{}}");
    }

    /** A request on a path no route serves: answered 404 with its id as soon as it is its turn. */
    private static FullHttpRequest unrouted(String id) {
        return post("/elsewhere", "{\"jsonrpc\":\"2.0\",\"id\":\"" + id + "\",\"method\":\"tools/list\"}");
    }

    /**
     * Accepts the era probe of the held call and drops it, so that the call fails (502), then waits until the handler
     * has been told: the probe completes on the upstream loop, which hands the answer to the embedded loop, so the
     * test waits for the era to be settled and for the upstream loop to finish what it was doing before it runs the
     * embedded loop's tasks on this thread.
     */
    private void releaseTheUpstream(EmbeddedChannel channel) throws Exception {
        heldUpstream.setSoTimeout((int) GENEROUS.toMillis());
        try (Socket probe = heldUpstream.accept()) {
            InputStream in = probe.getInputStream();
            in.read(new byte[1024]);
        }
        CompletableFuture<?> settled = eras.eraOf(target);
        settled.handle((era, failure) -> null).get(GENEROUS.toMillis(), TimeUnit.MILLISECONDS);
        upstreamLoop.next().submit(() -> { }).get(GENEROUS.toMillis(), TimeUnit.MILLISECONDS);
        channel.runPendingTasks();
    }

    /** Every response written so far, as "status id" ("-" for no body), releasing them. */
    private static List<String> answers(EmbeddedChannel channel) {
        List<String> answers = new ArrayList<>();
        Object out;
        while ((out = channel.readOutbound()) != null) {
            if (out instanceof FullHttpResponse response) {
                String body = response.content().toString(StandardCharsets.UTF_8);
                int id = body.indexOf("\"id\":");
                String idText = id < 0 ? "-" : body.substring(id + 5, body.indexOf(',', id) < 0
                        ? body.indexOf('}', id) : body.indexOf(',', id)).replace("\"", "");
                answers.add(response.status().code() + " " + idText);
            }
            io.netty.util.ReferenceCountUtil.release(out);
        }
        return answers;
    }

    @Test
    void pipelinedRequestsAreAnsweredInOrderBehindTheOneInFlight() throws Exception {
        EmbeddedChannel channel = channel();

        channel.writeInbound(heldCall("a"), notification(), unrouted("c"));

        assertThat(answers(channel)).as("nothing overtakes the request in flight").isEmpty();
        assertThat(channel.config().isAutoRead()).as("no reading while requests wait").isFalse();

        releaseTheUpstream(channel);

        assertThat(answers(channel)).containsExactly("502 a", "202 -", "404 c");
        assertThat(channel.config().isAutoRead()).as("reading resumes once the queue is empty").isTrue();
        assertThat(channel.isOpen()).isTrue();
        channel.finishAndReleaseAll();
    }

    @Test
    void anIdleConnectionAnswersAtOnceAndKeepsReading() {
        EmbeddedChannel channel = channel();

        channel.writeInbound(notification());
        channel.writeInbound(unrouted("b"));

        assertThat(answers(channel)).containsExactly("202 -", "404 b");
        assertThat(channel.config().isAutoRead()).isTrue();
        assertThat(McpRequestHandler.isBusy(channel)).isFalse();
        channel.finishAndReleaseAll();
    }

    @Test
    void anEarlyCloseReleasesTheQueuedRequests() {
        EmbeddedChannel channel = channel();
        FullHttpRequest queuedFirst = notification();
        FullHttpRequest queuedSecond = unrouted("c");

        channel.writeInbound(heldCall("a"), queuedFirst, queuedSecond);
        assertThat(queuedFirst.refCnt()).as("queued, still owned by the handler").isEqualTo(1);
        channel.close();

        assertThat(queuedFirst.refCnt()).isZero();
        assertThat(queuedSecond.refCnt()).isZero();
        assertThat(answers(channel)).isEmpty();
        channel.finishAndReleaseAll();
    }

    @Test
    void theEndOfInputBehindARequestInFlightCancelsItAndCloses() throws Exception {
        EmbeddedChannel channel = channel();

        channel.writeInbound(heldCall("a"), unrouted("b"));
        channel.pipeline().fireUserEventTriggered(ChannelInputShutdownEvent.INSTANCE);

        assertThat(channel.isOpen()).as("a client that ends its input mid-request is taken as gone").isFalse();
        assertThat(answers(channel)).as("nothing is answered to a client taken as gone").isEmpty();
        channel.finishAndReleaseAll();
    }

    @Test
    void aHalfCloseOfAnIdleConnectionClosesIt() {
        EmbeddedChannel channel = channel();
        channel.writeInbound(notification());

        channel.pipeline().fireUserEventTriggered(ChannelInputShutdownEvent.INSTANCE);

        assertThat(answers(channel)).containsExactly("202 -");
        assertThat(channel.isOpen()).isFalse();
        channel.finishAndReleaseAll();
    }

    @Test
    void aDecoderFailureBehindARequestInFlightIsAnsweredAfterItThenCloses() throws Exception {
        EmbeddedChannel channel = channel();
        FullHttpRequest afterTheFailure = unrouted("never");

        channel.writeInbound(heldCall("a"), unrouted("b"),
                new InputRefused(Rejections.malformedHttp("invalid version format: GARBAGE")), afterTheFailure);
        assertThat(answers(channel)).isEmpty();
        assertThat(afterTheFailure.refCnt()).as("nothing after refused input is kept").isZero();

        releaseTheUpstream(channel);

        assertThat(answers(channel)).containsExactly("502 a", "404 b", "400 null");
        assertThat(channel.isOpen()).isFalse();
        channel.finishAndReleaseAll();
    }

    @Test
    void aPipelineOverTheQueueBoundIsAnsweredUpToTheBoundThenRefusedAndClosed() throws Exception {
        EmbeddedChannel channel = channel();
        List<String> expected = new ArrayList<>(List.of("502 a"));
        channel.writeInbound(heldCall("a"));
        for (int i = 1; i <= McpRequestHandler.MAX_QUEUED_REQUESTS; i++) {
            channel.writeInbound(unrouted("q" + i));
            expected.add("404 q" + i);
        }
        FullHttpRequest overflowing = unrouted("over");
        FullHttpRequest afterIt = unrouted("after");

        channel.writeInbound(overflowing, afterIt);

        assertThat(channel.isOpen()).as("the answers owed are not dropped").isTrue();
        assertThat(answers(channel)).isEmpty();
        assertThat(overflowing.refCnt()).isZero();
        assertThat(afterIt.refCnt()).isZero();

        releaseTheUpstream(channel);

        expected.add("503 null");
        assertThat(answers(channel)).containsExactlyElementsOf(expected);
        assertThat(channel.isOpen()).isFalse();
        channel.finishAndReleaseAll();
    }

    @Test
    void refusedInputOnAnIdleConnectionIsAnsweredAtOnceAndCloses() {
        EmbeddedChannel channel = channel();

        channel.writeInbound(new InputRefused(Rejections.headersTooLarge(1024)));

        assertThat(answers(channel)).containsExactly("431 null");
        assertThat(channel.isOpen()).isFalse();
        channel.finishAndReleaseAll();
    }
}
