package io.eragate.netty.stdio;

import io.eragate.core.config.AdminConfig;
import io.eragate.core.config.GatewayConfig;
import io.eragate.core.config.ListenConfig;
import io.eragate.core.config.RouteConfig;
import io.eragate.core.config.UpstreamConfig;
import io.eragate.core.exchange.ExchangeObserver;
import io.eragate.netty.server.GatewayServer;
import io.eragate.netty.testing.NodePeers;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * A gateway on loopback port 0 in front of stdio upstreams, each served at {@code /<name>/mcp}, with helpers that
 * speak the 2026-07-28 wire to it and locate the real npm servers of interop/.
 */
final class StdioGateway implements AutoCloseable {
    static final NodePeers PEERS = NodePeers.locate();
    static final String ENVELOPE = "\"io.modelcontextprotocol/protocolVersion\":\"2026-07-28\","
            + "\"io.modelcontextprotocol/clientCapabilities\":{},"
            + "\"io.modelcontextprotocol/clientInfo\":{\"name\":\"stdio-it\",\"version\":\"1.0.0\"}";
    private static final Duration HTTP_TIMEOUT = Duration.ofSeconds(60);

    private final GatewayServer server;
    private final HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(HTTP_TIMEOUT).build();

    private StdioGateway(GatewayServer server) {
        this.server = server;
    }

    static StdioGateway start(UpstreamConfig... upstreams) throws InterruptedException {
        return start(ExchangeObserver.NONE, upstreams);
    }

    /** Like {@link #start(UpstreamConfig...)}, telling {@code observer} about every request's outcome. */
    static StdioGateway start(ExchangeObserver observer, UpstreamConfig... upstreams) throws InterruptedException {
        List<RouteConfig> routes = new ArrayList<>();
        for (UpstreamConfig upstream : upstreams) {
            routes.add(new RouteConfig("/" + upstream.name() + "/mcp", upstream.name()));
        }
        GatewayConfig config = GatewayConfig.defaults()
                .withListen(new ListenConfig("127.0.0.1", 0))
                .withAdmin(new AdminConfig("127.0.0.1", 0))
                .withUpstreams(List.of(upstreams))
                .withRoutes(routes);
        return new StdioGateway(GatewayServer.start(config, observer));
    }

    /** {@code node <interop>/node_modules/<module>/dist/index.js args...}. */
    static List<String> npmServer(String module, String... args) {
        List<String> command = new ArrayList<>();
        command.add(PEERS.nodeBinary().toString());
        command.add(PEERS.interopDir().resolve("node_modules").resolve(module).resolve("dist").resolve("index.js")
                .toString());
        command.addAll(List.of(args));
        return command;
    }

    static List<String> everything() {
        return npmServer("@modelcontextprotocol/server-everything", "stdio");
    }

    GatewayServer server() {
        return server;
    }

    StdioUpstream upstream(String name) {
        return server.stdio().get(name).orElseThrow();
    }

    String url(String name) {
        return "http://127.0.0.1:" + server.listenAddress().getPort() + "/" + name + "/mcp";
    }

    /** A modern {@code tools/call} body; {@code extraMeta} is added to {@code _meta} (or empty). */
    static String toolsCall(String id, String tool, String argumentsJson, String extraMeta) {
        return "{\"jsonrpc\":\"2.0\",\"id\":" + id + ",\"method\":\"tools/call\",\"params\":{\"name\":\"" + tool
                + "\",\"arguments\":" + argumentsJson + ",\"_meta\":{" + ENVELOPE + extraMeta + "}}}";
    }

    /** A modern request of {@code method} without a name, such as {@code tools/list}. */
    static String request(String id, String method) {
        return "{\"jsonrpc\":\"2.0\",\"id\":" + id + ",\"method\":\"" + method + "\",\"params\":{\"_meta\":{"
                + ENVELOPE + "}}}";
    }

    HttpRequest post(String upstream, String body, String method, String name) {
        HttpRequest.Builder builder = HttpRequest.newBuilder(URI.create(url(upstream)))
                .timeout(HTTP_TIMEOUT)
                .header("Content-Type", "application/json")
                .header("Accept", "application/json, text/event-stream")
                .header("MCP-Protocol-Version", "2026-07-28")
                .header("Mcp-Method", method)
                .POST(HttpRequest.BodyPublishers.ofString(body));
        if (name != null) {
            builder.header("Mcp-Name", name);
        }
        return builder.build();
    }

    HttpResponse<String> callTool(String upstream, String id, String tool, String argumentsJson)
            throws IOException, InterruptedException {
        return http.send(post(upstream, toolsCall(id, tool, argumentsJson, ""), "tools/call", tool),
                HttpResponse.BodyHandlers.ofString());
    }

    CompletableFuture<HttpResponse<String>> callToolAsync(String upstream, String id, String tool,
            String argumentsJson) {
        return http.sendAsync(post(upstream, toolsCall(id, tool, argumentsJson, ""), "tools/call", tool),
                HttpResponse.BodyHandlers.ofString());
    }

    HttpClient http() {
        return http;
    }

    /** Runs the SDK v2 client pinned to 2026-07-28 against {@code upstream}: lists tools, calls {@code tool}. */
    NodePeers.Result modernClient(String upstream, String tool, String argumentsJson) {
        return PEERS.run(Duration.ofSeconds(60), "modern-client.mjs", url(upstream), "modern", tool, argumentsJson);
    }

    @Override
    public void close() {
        server.close();
    }
}
