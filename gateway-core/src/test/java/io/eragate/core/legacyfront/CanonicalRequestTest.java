package io.eragate.core.legacyfront;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.eragate.core.bridge.LogLevel;
import io.eragate.core.jsonrpc.JsonRpcCodec;
import io.eragate.core.jsonrpc.JsonRpcId;
import io.eragate.core.jsonrpc.JsonRpcRequest;
import io.eragate.core.mcp.MetaKeys;
import java.io.IOException;
import org.junit.jupiter.api.Test;

/** A legacy session's request in the canonical (2026-07-28) form. */
class CanonicalRequestTest {

    private static final LegacyClientSession SESSION = new LegacyClientSession("2025-11-25",
            (ObjectNode) json("{\"sampling\":{}}"), (ObjectNode) json("{\"name\":\"c\",\"version\":\"1\"}"), "/mcp",
            "anonymous");

    private static JsonNode json(String text) {
        try {
            return JsonRpcCodec.readTree(text);
        } catch (IOException e) {
            throw new AssertionError(e);
        }
    }

    private static JsonRpcRequest request(String params) {
        return new JsonRpcRequest(JsonRpcId.of(7), "tools/call", params == null ? null : (ObjectNode) json(params));
    }

    @Test
    void theEnvelopeCarriesWhatTheSessionFixed() {
        JsonRpcRequest modern = CanonicalRequest.of(request("{\"name\":\"echo\",\"arguments\":{\"a\":1}}"), SESSION,
                null);

        assertThat(modern.id()).isEqualTo(JsonRpcId.of(7));
        assertThat(modern.method()).isEqualTo("tools/call");
        assertThat(modern.params()).isEqualTo(json("{\"name\":\"echo\",\"arguments\":{\"a\":1},\"_meta\":{"
                + "\"io.modelcontextprotocol/protocolVersion\":\"2026-07-28\","
                + "\"io.modelcontextprotocol/clientCapabilities\":{\"sampling\":{}},"
                + "\"io.modelcontextprotocol/clientInfo\":{\"name\":\"c\",\"version\":\"1\"},"
                + "\"io.modelcontextprotocol/logLevel\":\"debug\"}}"));
    }

    @Test
    void theSessionsLogLevelTravelsAndAProgressTokenStays() {
        JsonRpcRequest modern = CanonicalRequest.of(request("{\"name\":\"echo\",\"_meta\":{\"progressToken\":\"p1\","
                + "\"io.modelcontextprotocol/logLevel\":\"debug\"}}"), SESSION, LogLevel.WARNING);

        JsonNode meta = modern.params().get("_meta");
        assertThat(meta.get("progressToken").textValue()).isEqualTo("p1");
        assertThat(meta.get("io.modelcontextprotocol/logLevel").textValue()).isEqualTo("warning");
    }

    @Test
    void envelopeKeysTheClientSentItselfAreReplaced() {
        JsonRpcRequest modern = CanonicalRequest.of(request("{\"_meta\":{"
                + "\"io.modelcontextprotocol/protocolVersion\":\"1999-01-01\","
                + "\"io.modelcontextprotocol/logLevel\":\"debug\"}}"), SESSION, null);

        JsonNode meta = modern.params().get("_meta");
        assertThat(meta.get("io.modelcontextprotocol/protocolVersion").textValue()).isEqualTo("2026-07-28");
        assertThat(meta.get("io.modelcontextprotocol/logLevel").textValue())
                .as("a session that set no level asks for every level").isEqualTo("debug");
    }

    @Test
    void aRequestWithoutParamsGetsThem() {
        JsonRpcRequest modern = CanonicalRequest.of(request(null), SESSION, null);

        assertThat(modern.params().get("_meta").get("io.modelcontextprotocol/clientInfo"))
                .isEqualTo(SESSION.clientInfo());
    }

    @Test
    void theSessionIsNotChangedByTheTranslation() {
        JsonRpcRequest modern = CanonicalRequest.discover(JsonRpcId.of("d"), SESSION);
        ((ObjectNode) modern.params().get("_meta").get("io.modelcontextprotocol/clientCapabilities"))
                .set("roots", JsonNodeFactory.instance.objectNode());

        assertThat(modern.method()).isEqualTo("server/discover");
        assertThat(modern.params().get("_meta").has("io.modelcontextprotocol/logLevel")).isFalse();
        assertThat(SESSION.clientCapabilities().has("roots")).isFalse();
    }

    @Test
    void negotiationKeepsALegacyVersionAndOffersTheNewestOtherwise() {
        assertThat(VersionNegotiation.negotiate("2025-06-18")).isEqualTo("2025-06-18");
        assertThat(VersionNegotiation.negotiate("2025-03-26")).isEqualTo("2025-03-26");
        assertThat(VersionNegotiation.negotiate("2026-07-28")).isEqualTo("2025-11-25");
        assertThat(VersionNegotiation.negotiate("2099-01-01")).isEqualTo("2025-11-25");
        assertThat(VersionNegotiation.negotiate(null)).isEqualTo("2025-11-25");
    }

    @Test
    void theSessionsNodesAreNeverChangedSinceOpenedSessionsAreShared() {
        ObjectNode caps = SESSION.clientCapabilities().deepCopy();
        ObjectNode info = SESSION.clientInfo().deepCopy();

        JsonRpcRequest modern = CanonicalRequest.of(request("{\"_meta\":{\"clientCapabilities\":{\"roots\":{}}}}"),
                SESSION, LogLevel.ERROR);
        ((ObjectNode) modern.params().get("_meta").get(MetaKeys.CLIENT_CAPABILITIES)).putObject("elicitation");
        ((ObjectNode) modern.params().get("_meta").get(MetaKeys.CLIENT_INFO)).put("name", "changed");
        JsonRpcRequest discover = CanonicalRequest.discover(JsonRpcId.of(1), SESSION);
        ((ObjectNode) discover.params().get("_meta").get(MetaKeys.CLIENT_CAPABILITIES)).removeAll();

        assertThat(SESSION.clientCapabilities()).isEqualTo(caps);
        assertThat(SESSION.clientInfo()).isEqualTo(info);
    }
}
