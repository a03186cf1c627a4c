package io.eragate.netty.telemetry;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.eragate.core.config.AdminConfig;
import io.eragate.core.config.EraSetting;
import io.eragate.core.config.GatewayConfig;
import io.eragate.core.config.ListenConfig;
import io.eragate.core.config.RouteConfig;
import io.eragate.core.config.TelemetryConfig;
import io.eragate.core.config.UpstreamConfig;
import io.eragate.netty.server.GatewayServer;
import io.eragate.netty.testing.LegacyFixtureUpstream;
import io.eragate.netty.testing.ModernFixtureUpstream;
import io.eragate.netty.testing.NodePeers;
import io.eragate.netty.testing.OtlpReceiver;
import io.eragate.netty.testing.OtlpReceiver.ReceivedSpan;
import io.eragate.netty.testing.RecordedRequest;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A real SDK v2 client ({@code interop/modern-client.mjs}) sends a {@code tools/call} with its own W3C trace context
 * in {@code _meta.traceparent}; through the gateway, the upstream (modern pass-through, or a legacy server behind
 * the bridge) receives that trace id in {@code _meta} and in the {@code traceparent} header, naming the gateway's
 * client span, and an in-test OTLP/HTTP collector receives the gateway's server and client spans of that trace.
 */
class TracingIT {
    private static final Duration WAIT = Duration.ofSeconds(30);
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final NodePeers PEERS = NodePeers.locate();

    private static OtlpReceiver collector;
    private static LegacyFixtureUpstream legacy;
    private static ModernFixtureUpstream modern;
    private static GatewayServer gateway;

    @BeforeAll
    static void start() throws InterruptedException {
        collector = OtlpReceiver.start();
        legacy = LegacyFixtureUpstream.start();
        modern = ModernFixtureUpstream.start();
        GatewayConfig config = GatewayConfig.defaults()
                .withListen(new ListenConfig("127.0.0.1", 0))
                .withAdmin(new AdminConfig("127.0.0.1", 0))
                .withUpstreams(List.of(new UpstreamConfig("legacy", legacy.uri(), EraSetting.AUTO),
                        new UpstreamConfig("modern", modern.uri(), EraSetting.AUTO)))
                .withRoutes(List.of(new RouteConfig("/legacy", "legacy"), new RouteConfig("/modern", "modern"),
                        RouteConfig.federated("/fed", List.of("legacy", "modern"))))
                .withTelemetry(TelemetryConfig.defaults().withOtlpEndpoint(collector.endpoint()));
        gateway = GatewayServer.start(config);
    }

    @AfterAll
    static void stop() {
        for (AutoCloseable closeable : new AutoCloseable[] {gateway, modern, legacy, collector}) {
            try {
                if (closeable != null) {
                    closeable.close();
                }
            } catch (Exception e) {
                throw new AssertionError(e);
            }
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"legacy", "modern"})
    void theClientsTraceIdReachesTheUpstreamAndTheCollector(String upstream) throws Exception {
        String traceId = upstream.equals("legacy") ? "4bf92f3577b34da6a3ce929d0e0e4736"
                : "5cf92f3577b34da6a3ce929d0e0e4737";
        String clientSpan = "00f067aa0ba902b7";
        String url = "http://127.0.0.1:" + gateway.listenAddress().getPort() + "/" + upstream;

        NodePeers.Result result = PEERS.run(WAIT, Map.of("TRACEPARENT", "00-" + traceId + "-" + clientSpan + "-01"),
                "modern-client.mjs", url, "modern", "echo", "{\"message\":\"traced\"}");

        assertThat(result.exitCode()).as(result.stdout() + result.stderr()).isZero();
        JsonNode line = JSON.readTree(result.lastStdoutLine());
        assertThat(line.at("/result/content/0/text").asText()).isEqualTo("Echo: traced");

        List<RecordedRequest> calls = (upstream.equals("legacy") ? legacy.requests() : modern.requests()).stream()
                .filter(request -> "tools/call".equals(request.rpcMethod())).toList();
        RecordedRequest call = calls.get(calls.size() - 1);
        String sentInMeta = call.json().at("/params/_meta/traceparent").asText();
        assertThat(sentInMeta).as(call.bodyText()).startsWith("00-" + traceId + "-")
                .isNotEqualTo("00-" + traceId + "-" + clientSpan + "-01");
        assertThat(call.headers().first("traceparent").orElse(null)).as("the header repeats the body")
                .isEqualTo(sentInMeta);

        ReceivedSpan server = collector.await(span -> span.traceId().equals(traceId)
                && span.kind() == ReceivedSpan.SERVER, WAIT);
        assertThat(server.name()).isEqualTo("tools/call echo");
        assertThat(server.parentSpanId()).isEqualTo(clientSpan);
        assertThat(server.serviceName()).isEqualTo("eragate");
        assertThat(server.attributes()).containsEntry("mcp.method.name", "tools/call")
                .containsEntry("gen_ai.tool.name", "echo")
                .containsEntry("mcp.protocol.version", "2026-07-28")
                .containsEntry("eragate.upstream", upstream)
                .containsKey("jsonrpc.request.id")
                .doesNotContainKey("error.type");
        String upstreamSpanId = sentInMeta.split("-")[2];
        ReceivedSpan client = collector.await(span -> span.spanId().equals(upstreamSpanId), WAIT);
        assertThat(client.kind()).isEqualTo(ReceivedSpan.CLIENT);
        assertThat(client.parentSpanId()).isEqualTo(server.spanId());
        assertThat(client.attributes()).containsEntry("eragate.upstream.era", upstream);
        assertThat(collector.paths()).allMatch(path -> path.equals("/v1/traces"));
    }

    @Test
    void eachFanOutLegIsAClientSpanOfTheRequestAndItsUpstreamGetsThatSpan() throws Exception {
        String traceId = "6df92f3577b34da6a3ce929d0e0e4738";
        String clientSpan = "01f067aa0ba902b8";
        String body = "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/list\",\"params\":{\"_meta\":{"
                + "\"io.modelcontextprotocol/protocolVersion\":\"2026-07-28\","
                + "\"io.modelcontextprotocol/clientCapabilities\":{},"
                + "\"io.modelcontextprotocol/clientInfo\":{\"name\":\"tracing-it\",\"version\":\"1\"}}}}";
        HttpRequest request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:"
                        + gateway.listenAddress().getPort() + "/fed"))
                .header("Content-Type", "application/json")
                .header("Accept", "application/json, text/event-stream")
                .header("MCP-Protocol-Version", "2026-07-28")
                .header("Mcp-Method", "tools/list")
                .header("traceparent", "00-" + traceId + "-" + clientSpan + "-01")
                .POST(HttpRequest.BodyPublishers.ofString(body)).build();

        HttpResponse<String> answer = HttpClient.newHttpClient().send(request, HttpResponse.BodyHandlers.ofString());

        assertThat(answer.statusCode()).as(answer.body()).isEqualTo(200);
        ReceivedSpan server = collector.await(span -> span.traceId().equals(traceId)
                && span.kind() == ReceivedSpan.SERVER, WAIT);
        assertThat(server.name()).isEqualTo("tools/list");
        for (String upstream : List.of("legacy", "modern")) {
            List<RecordedRequest> lists = (upstream.equals("legacy") ? legacy.requests() : modern.requests())
                    .stream().filter(r -> "tools/list".equals(r.rpcMethod())
                            && r.bodyText().contains(traceId)).toList();
            assertThat(lists).as(upstream + " was asked within the client's trace").isNotEmpty();
            String sent = lists.get(0).json().at("/params/_meta/traceparent").asText();
            String legSpanId = sent.split("-")[2];
            ReceivedSpan leg = collector.await(span -> span.spanId().equals(legSpanId), WAIT);
            assertThat(leg.kind()).isEqualTo(ReceivedSpan.CLIENT);
            assertThat(leg.parentSpanId()).as("the leg is a child of the request's server span")
                    .isEqualTo(server.spanId());
            assertThat(leg.attributes()).containsEntry("eragate.upstream", upstream)
                    .containsEntry("mcp.method.name", "tools/list");
        }
    }

    @Test
    void aLegacyClientsPassedThroughRequestHasAServerAndAClientSpanAndTheUpstreamGetsTheClientSpan()
            throws Exception {
        String traceId = "7ef92f3577b34da6a3ce929d0e0e4739";
        String clientSpan = "02f067aa0ba902b9";
        String body = "{\"jsonrpc\":\"2.0\",\"id\":\"init-1\",\"method\":\"initialize\",\"params\":{"
                + "\"protocolVersion\":\"2025-11-25\",\"capabilities\":{},"
                + "\"clientInfo\":{\"name\":\"legacy-tracing-it\",\"version\":\"1\"}}}";
        HttpRequest request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:"
                        + gateway.listenAddress().getPort() + "/legacy"))
                .header("Content-Type", "application/json")
                .header("Accept", "application/json, text/event-stream")
                .header("traceparent", "00-" + traceId + "-" + clientSpan + "-01")
                .POST(HttpRequest.BodyPublishers.ofString(body)).build();

        HttpResponse<String> answer = HttpClient.newHttpClient().send(request, HttpResponse.BodyHandlers.ofString());

        assertThat(answer.statusCode()).as(answer.body()).isEqualTo(200);
        RecordedRequest sent = legacy.requests().stream().filter(r -> r.bodyText().contains("legacy-tracing-it"))
                .findFirst().orElseThrow();
        String header = sent.headers().first("traceparent").orElseThrow();
        assertThat(header).startsWith("00-" + traceId + "-").isNotEqualTo("00-" + traceId + "-" + clientSpan + "-01");
        assertThat(sent.json().at("/params/_meta/traceparent").asText()).as("the body says the same")
                .isEqualTo(header);
        assertThat(sent.json().at("/params/clientInfo/name").asText()).isEqualTo("legacy-tracing-it");
        ReceivedSpan server = collector.await(span -> span.traceId().equals(traceId)
                && span.kind() == ReceivedSpan.SERVER, WAIT);
        assertThat(server.name()).isEqualTo("initialize");
        assertThat(server.parentSpanId()).isEqualTo(clientSpan);
        assertThat(server.attributes()).containsEntry("eragate.client.era", "legacy");
        ReceivedSpan client = collector.await(span -> span.spanId().equals(header.split("-")[2]), WAIT);
        assertThat(client.kind()).isEqualTo(ReceivedSpan.CLIENT);
        assertThat(client.parentSpanId()).isEqualTo(server.spanId());
        assertThat(client.attributes()).containsEntry("eragate.upstream", "legacy")
                .containsEntry("eragate.upstream.era", "legacy");
    }
}
