package io.eragate.netty.bridge;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.eragate.core.config.EraSetting;
import io.eragate.netty.testing.NodePeers;
import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * A listen stream served by the real legacy peer, {@code @modelcontextprotocol/server-everything} over Streamable
 * HTTP: its {@code toggle-subscriber-updates} tool sends {@code notifications/resources/updated} for the session's
 * subscribed URIs on the session's GET stream, which Eragate opened and subscribed for the listener.
 */
class ListenServerEverythingIT {
    private static final String ENTRY_POINT = "node_modules/@modelcontextprotocol/server-everything/dist/index.js";
    private static final String SUBSCRIPTION_ID_KEY = "io.modelcontextprotocol/subscriptionId";
    private static final String URI_WANTED = "demo://resource/static/document/architecture.md";

    private static final NodePeers PEERS = NodePeers.locate();
    private static NodePeers.Server everything;

    @BeforeAll
    static void startServerEverything() {
        everything = PEERS.startOnFreePort(NodePeers.DEFAULT_READY_TIMEOUT, "listening on port", ENTRY_POINT,
                "streamableHttp");
    }

    @AfterAll
    static void stopServerEverything() {
        everything.close();
    }

    @Test
    void aListenStreamReceivesResourceUpdatesForItsSubscribedUri() {
        try (BridgeGateway gateway = BridgeGateway.builder()
                .upstream("everything", URI.create(everything.mcpUrl()), EraSetting.LEGACY).start();
             ListenStream stream = ListenStream.open(gateway.endpoint("everything"),
                     ModernRequest.of("watch", "subscriptions/listen").withParam("notifications",
                             Map.of("resourceSubscriptions", List.of(URI_WANTED))))) {
            JsonNode ack = stream.next();
            assertThat(ack.path("method").asText()).as(everything.output())
                    .isEqualTo("notifications/subscriptions/acknowledged");
            assertThat(ack.path("params").path("notifications").path("resourceSubscriptions").get(0).asText())
                    .isEqualTo(URI_WANTED);
            assertThat(ack.path("params").path("_meta").path(SUBSCRIPTION_ID_KEY).asText()).isEqualTo("watch");

            // Same (empty) client capabilities as the listen request, so the same pooled session.
            ModernAnswer toggled = gateway.client("everything")
                    .send(ModernRequest.toolCall(1, "toggle-subscriber-updates", "{}"));
            assertThat(toggled.status()).as(toggled.body()).isEqualTo(200);

            // The tool sends one update at once and then one every 5 s; the first is lost if server-everything has not
            // yet registered the GET stream whose head Eragate acknowledged on, so wait for a periodic one too.
            JsonNode update = stream.next(Duration.ofSeconds(15));
            assertThat(update.path("method").asText()).isEqualTo("notifications/resources/updated");
            assertThat(update.path("params").path("uri").asText()).isEqualTo(URI_WANTED);
            assertThat(update.path("params").path("_meta").path(SUBSCRIPTION_ID_KEY).asText()).isEqualTo("watch");
            gateway.client("everything").send(ModernRequest.toolCall(2, "toggle-subscriber-updates", "{}"));
        }
    }
}
