package io.eragate.core.frontdoor;

import static org.assertj.core.api.Assertions.assertThat;

import io.eragate.core.mcp.ProtocolVersions;
import io.eragate.core.route.Route;
import io.eragate.core.route.RouteTable;
import io.eragate.core.security.OriginPolicy;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Builds inbound requests that pass every rung, so that each test breaks exactly what it is about. */
final class TestRequests {

    static final String META = "\"_meta\":{\"io.modelcontextprotocol/protocolVersion\":\"2026-07-28\","
            + "\"io.modelcontextprotocol/clientCapabilities\":{},"
            + "\"io.modelcontextprotocol/clientInfo\":{\"name\":\"test\",\"version\":\"1.0.0\"}}";

    static final FrontDoorPolicy POLICY = new FrontDoorPolicy(
            new RouteTable(List.of(new Route("/mcp", "everything"))),
            OriginPolicy.of(List.of("http://localhost"), List.of("localhost", "127.0.0.1")),
            ProtocolVersions.MODERN);

    static final FrontDoor FRONT_DOOR = new FrontDoor(POLICY);
    /** The reference: every body read into a tree. Each {@link Builder#check()} proves both decide alike. */
    static final FrontDoor TREE_ONLY = FrontDoor.treeOnly(POLICY);

    private TestRequests() {
    }

    /** A valid tools/call for the tool "echo" with id 7. */
    static Builder toolsCall() {
        return call("tools/call", "\"name\":\"echo\",\"arguments\":{}", "echo");
    }

    /** A valid tools/list with id 7. */
    static Builder toolsList() {
        return call("tools/list", null, null);
    }

    /**
     * A valid request with id 7: {@code paramsPrefix} (members before {@code _meta}, or null) and the matching
     * {@code Mcp-Name} value (or null).
     */
    static Builder call(String method, String paramsPrefix, String mcpName) {
        String params = paramsPrefix == null ? "{" + META + "}" : "{" + paramsPrefix + "," + META + "}";
        Builder builder = new Builder()
                .body("{\"jsonrpc\":\"2.0\",\"id\":7,\"method\":\"" + method + "\",\"params\":" + params + "}")
                .header("MCP-Protocol-Version", "2026-07-28")
                .header("Mcp-Method", method);
        if (mcpName != null) {
            builder.header("Mcp-Name", mcpName);
        }
        return builder;
    }

    /** A request whose body is exactly {@code json}, with the headers of a valid tools/call. */
    static Builder withBody(String json) {
        return toolsCall().body(json);
    }

    /** Mutable builder; header names keep the case given. */
    static final class Builder {

        private String httpMethod = "POST";
        private String path = "/mcp";
        private final List<String[]> fields = new ArrayList<>();
        private byte[] body = new byte[0];

        Builder() {
            header("Host", "127.0.0.1:8080");
            header("Accept", "application/json, text/event-stream");
            header("Content-Type", "application/json");
        }

        Builder httpMethod(String value) {
            httpMethod = value;
            return this;
        }

        Builder path(String value) {
            path = value;
            return this;
        }

        /** Replaces every field called {@code name} (any case) by one field per value. */
        Builder header(String name, String... values) {
            without(name);
            for (String value : values) {
                fields.add(new String[] {name, value});
            }
            return this;
        }

        /** Adds one more field, keeping existing ones. */
        Builder add(String name, String value) {
            fields.add(new String[] {name, value});
            return this;
        }

        Builder without(String name) {
            fields.removeIf(field -> field[0].equalsIgnoreCase(name));
            return this;
        }

        Builder body(String json) {
            body = json.getBytes(StandardCharsets.UTF_8);
            return this;
        }

        Builder body(byte[] bytes) {
            body = bytes;
            return this;
        }

        InboundRequest build() {
            Map<String, List<String>> map = new LinkedHashMap<>();
            for (String[] field : fields) {
                map.computeIfAbsent(field[0], key -> new ArrayList<>()).add(field[1]);
            }
            return new InboundRequest(httpMethod, path, HeaderView.of(map), body);
        }

        /** The verdict, after asserting that the tree-only front door reaches the same one. */
        Verdict check() {
            InboundRequest request = build();
            Verdict verdict = FRONT_DOOR.check(request);
            assertSameVerdict(verdict, TREE_ONLY.check(request));
            return verdict;
        }
    }

    /**
     * Asserts that the scanning front door's verdict equals the tree path's: the same rejection (status, id, error,
     * headers), or the same accepted request, whose message, parsed lazily from the body when scanned, equals the
     * tree's.
     */
    static void assertSameVerdict(Verdict scanning, Verdict tree) {
        assertThat(scanning).as("the streaming scan decides like the tree path").isEqualTo(tree);
        if (scanning instanceof Verdict.Accepted accepted) {
            ValidatedRequest request = accepted.request();
            ValidatedRequest reference = ((Verdict.Accepted) tree).request();
            assertThat(request.message()).isEqualTo(reference.message());
            assertThat(request.params()).isEqualTo(reference.params());
        }
    }
}
