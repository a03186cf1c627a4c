package io.eragate.netty.bridge;

import static org.assertj.core.api.Assertions.assertThat;

import io.eragate.core.config.EraSetting;
import io.eragate.core.exchange.ExchangeOutcome;
import io.eragate.core.mcp.Era;
import io.eragate.netty.testing.LegacyFixtureUpstream;
import io.eragate.netty.testing.ModernFixtureUpstream;
import io.eragate.netty.testing.RecordingObserver;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Every client request reports exactly one outcome when it ends, whichever exchange served it: what it was
 * (route, upstream, eras, validated method and name), what the client got (status, JSON-RPC code, error type,
 * bytes) and who sent it.
 */
class ExchangeOutcomeIT {
    private static final HttpClient HTTP = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(5)).build();
    private final RecordingObserver observer = new RecordingObserver();

    private BridgeGateway gateway(String name, URI upstream, EraSetting era) {
        return BridgeGateway.builder().upstream(name, upstream, era).observer(observer).start();
    }

    @Test
    void aModernPassThroughReportsItsRouteErasMethodNameAndBytes() {
        try (ModernFixtureUpstream modern = ModernFixtureUpstream.start();
             BridgeGateway gateway = gateway("modern", modern.uri(), EraSetting.MODERN)) {
            ModernRequest call = ModernRequest.toolCall(1, "echo", "{\"message\":\"hi\"}");
            ModernAnswer answer = gateway.client("modern").send(call);

            ExchangeOutcome outcome = observer.awaitOnly();
            assertThat(answer.status()).isEqualTo(200);
            assertThat(outcome.route()).isEqualTo("/modern");
            assertThat(outcome.upstream()).isEqualTo("modern");
            assertThat(outcome.clientEra()).isEqualTo(Era.MODERN);
            assertThat(outcome.upstreamEra()).isEqualTo(Era.MODERN);
            assertThat(outcome.method()).isEqualTo("tools/call");
            assertThat(outcome.name()).isEqualTo("echo");
            assertThat(outcome.httpStatus()).isEqualTo(200);
            assertThat(outcome.jsonRpcErrorCode()).isNull();
            assertThat(outcome.errorType()).isNull();
            assertThat(outcome.succeeded()).isTrue();
            assertThat(outcome.bytesIn()).isEqualTo(call.bodyText().getBytes(java.nio.charset.StandardCharsets.UTF_8)
                    .length);
            assertThat(outcome.bytesOut()).isEqualTo(answer.body().getBytes(java.nio.charset.StandardCharsets.UTF_8)
                    .length);
            assertThat(outcome.principal()).isEqualTo("anonymous");
            assertThat(outcome.clientAddress()).isEqualTo("127.0.0.1");
            assertThat(outcome.durationNanos()).isPositive();
        }
    }

    @Test
    void aJsonRpcErrorRelayedFromAModernUpstreamIsReportedWithItsCode() {
        try (ModernFixtureUpstream modern = ModernFixtureUpstream.start();
             BridgeGateway gateway = gateway("modern", modern.uri(), EraSetting.MODERN)) {
            ModernAnswer answer = gateway.client("modern").send(ModernRequest.toolCall(2, "no_such_tool", "{}"));

            ExchangeOutcome outcome = observer.awaitOnly();
            assertThat(answer.error().path("code").asInt()).isEqualTo(-32602);
            assertThat(outcome.httpStatus()).isEqualTo(answer.status());
            assertThat(outcome.jsonRpcErrorCode()).isEqualTo(-32602);
            assertThat(outcome.errorType()).isEqualTo("jsonrpc_error");
        }
    }

    @Test
    void aBridgedCallToALegacyUpstreamReportsTheLegacyEra() {
        try (LegacyFixtureUpstream legacy = LegacyFixtureUpstream.start();
             BridgeGateway gateway = gateway("legacy", legacy.uri(), EraSetting.LEGACY)) {
            ModernAnswer answer = gateway.client("legacy").send(ModernRequest.toolCall(3, "echo",
                    "{\"message\":\"hi\"}"));

            ExchangeOutcome outcome = observer.awaitOnly();
            assertThat(answer.status()).isEqualTo(200);
            assertThat(outcome.upstream()).isEqualTo("legacy");
            assertThat(outcome.clientEra()).isEqualTo(Era.MODERN);
            assertThat(outcome.upstreamEra()).isEqualTo(Era.LEGACY);
            assertThat(outcome.method()).isEqualTo("tools/call");
            assertThat(outcome.name()).isEqualTo("echo");
            assertThat(outcome.httpStatus()).isEqualTo(200);
            assertThat(outcome.succeeded()).isTrue();
            assertThat(outcome.bytesOut()).isPositive();
        }
    }

    @Test
    void aListenStreamReportsOnceWhenItEnds() {
        try (LegacyFixtureUpstream legacy = LegacyFixtureUpstream.builder().standaloneStreams(true).start();
             BridgeGateway gateway = gateway("legacy", legacy.uri(), EraSetting.LEGACY)) {
            try (ListenStream stream = ListenStream.open(gateway.endpoint("legacy"),
                    ModernRequest.of(9, "subscriptions/listen").withParam("notifications",
                            Map.of("toolsListChanged", true)))) {
                stream.next();
                assertThat(observer.outcomes()).as("an open stream has not ended").isEmpty();
            }

            ExchangeOutcome outcome = observer.awaitOnly();
            assertThat(outcome.method()).isEqualTo("subscriptions/listen");
            assertThat(outcome.upstreamEra()).isEqualTo(Era.LEGACY);
            assertThat(outcome.httpStatus()).isEqualTo(200);
            assertThat(outcome.errorType()).as("the client closed its stream").isEqualTo("cancelled");
        }
    }

    @Test
    void aLegacyClientsPassThroughReportsBothEras() throws Exception {
        try (LegacyFixtureUpstream legacy = LegacyFixtureUpstream.start();
             BridgeGateway gateway = gateway("legacy", legacy.uri(), EraSetting.LEGACY)) {
            HttpResponse<String> initialized = HTTP.send(HttpRequest.newBuilder(gateway.endpoint("legacy"))
                    .timeout(Duration.ofSeconds(10))
                    .header("Content-Type", "application/json")
                    .header("Accept", "application/json, text/event-stream")
                    .POST(HttpRequest.BodyPublishers.ofString("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":"
                            + "\"initialize\",\"params\":{\"protocolVersion\":\"2025-11-25\",\"capabilities\":{},"
                            + "\"clientInfo\":{\"name\":\"legacy-client\",\"version\":\"1.0\"}}}"))
                    .build(), HttpResponse.BodyHandlers.ofString());

            ExchangeOutcome outcome = observer.awaitOnly();
            assertThat(initialized.statusCode()).isEqualTo(200);
            assertThat(outcome.clientEra()).isEqualTo(Era.LEGACY);
            assertThat(outcome.upstreamEra()).isEqualTo(Era.LEGACY);
            assertThat(outcome.upstream()).isEqualTo("legacy");
            assertThat(outcome.httpStatus()).isEqualTo(200);
            assertThat(outcome.succeeded()).isTrue();
        }
    }

    @Test
    void rejectionsAndNotificationsAreReportedToo() throws Exception {
        try (ModernFixtureUpstream modern = ModernFixtureUpstream.start();
             BridgeGateway gateway = gateway("modern", modern.uri(), EraSetting.MODERN)) {
            ModernAnswer unknownPath = new ModernClient(URI.create(gateway.endpoint("modern") + "-nowhere"))
                    .send(ModernRequest.toolCall(4, "echo", "{}"));
            HttpResponse<String> notified = HTTP.send(HttpRequest.newBuilder(gateway.endpoint("modern"))
                    .timeout(Duration.ofSeconds(10))
                    .header("Content-Type", "application/json")
                    .header("Accept", "application/json, text/event-stream")
                    .header("MCP-Protocol-Version", "2026-07-28")
                    .POST(HttpRequest.BodyPublishers.ofString(
                            "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/cancelled\",\"params\":"
                                    + "{\"requestId\":1}}"))
                    .build(), HttpResponse.BodyHandlers.ofString());

            List<ExchangeOutcome> outcomes = observer.await(2);
            assertThat(unknownPath.status()).isEqualTo(404);
            assertThat(notified.statusCode()).as(notified.body()).isEqualTo(202);
            assertThat(outcomes).hasSize(2);
            assertThat(outcomes.get(0).httpStatus()).isEqualTo(404);
            assertThat(outcomes.get(0).route()).isNull();
            assertThat(outcomes.get(0).errorType()).isEqualTo("rejected");
            assertThat(outcomes.get(0).jsonRpcErrorCode()).isEqualTo(unknownPath.error().path("code").asInt());
            assertThat(outcomes.get(1).httpStatus()).isEqualTo(202);
            assertThat(outcomes.get(1).method()).isEqualTo("notifications/cancelled");
            assertThat(outcomes.get(1).succeeded()).isTrue();
        }
    }

    @Test
    void anUnreachableUpstreamIsReportedAsUnavailable() {
        URI nowhere = URI.create("http://127.0.0.1:9/mcp");
        try (BridgeGateway gateway = gateway("gone", nowhere, EraSetting.MODERN)) {
            ModernAnswer answer = gateway.client("gone").send(ModernRequest.toolCall(5, "echo", "{}"));

            ExchangeOutcome outcome = observer.awaitOnly();
            assertThat(answer.status()).isEqualTo(502);
            assertThat(outcome.httpStatus()).isEqualTo(502);
            assertThat(outcome.errorType()).isEqualTo("upstream_unavailable");
            assertThat(outcome.jsonRpcErrorCode()).isEqualTo(answer.error().path("code").asInt());
        }
    }

    @Test
    void aClientThatLeavesMidCallIsReportedCancelled() {
        try (ModernFixtureUpstream modern = ModernFixtureUpstream.start();
             BridgeGateway gateway = gateway("modern", modern.uri(), EraSetting.MODERN)) {
            try (RawModernCall call = RawModernCall.send(gateway.endpoint("modern"),
                    ModernRequest.toolCall(6, "hang", "{}"))) {
                modern.awaitRequest(r -> "tools/call".equals(r.rpcMethod()), Duration.ofSeconds(10));
                assertThat(observer.outcomes()).isEmpty();
            }

            ExchangeOutcome outcome = observer.awaitOnly();
            assertThat(outcome.httpStatus()).as("no head was ever sent").isZero();
            assertThat(outcome.errorType()).isEqualTo("cancelled");
            assertThat(outcome.method()).isEqualTo("tools/call");
        }
    }
}
