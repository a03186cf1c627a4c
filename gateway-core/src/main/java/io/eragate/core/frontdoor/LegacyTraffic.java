package io.eragate.core.frontdoor;

import com.fasterxml.jackson.databind.JsonNode;
import io.eragate.core.jsonrpc.JsonRpcCodec;
import io.eragate.core.mcp.McpHeaders;
import io.eragate.core.mcp.MetaKeys;
import io.eragate.core.mcp.ProtocolVersions;
import java.io.IOException;
import java.util.List;
import java.util.Objects;

/**
 * Tells the traffic of a 2025-11-25 (or earlier) Streamable HTTP client from a 2026-07-28 request, body first, with
 * the header as the tie-breaker (digest §5.3, the recommended convention), so that a proxy stripping headers cannot
 * change a request's era:
 *
 * <ul>
 *   <li>GET and DELETE exist only in the legacy transport (the standalone stream and session termination);</li>
 *   <li>a POST whose {@code MCP-Protocol-Version} names a legacy revision is legacy, one that names anything else is
 *       not (the modern ladder judges it, including a malformed value);</li>
 *   <li>a POST without that header is legacy unless its body (one message, or every message of a batch) claims a
 *       revision in {@code params._meta["io.modelcontextprotocol/protocolVersion"]}: an {@code initialize}, a
 *       session's later requests from a 2025-03-26 client, its notifications and its answers to server requests
 *       carry no claim. A body that is not JSON is left to the modern ladder, which says why.</li>
 * </ul>
 *
 * Only legacy traffic for a legacy upstream is passed through; everything else meets the 2026-07-28 ladder.
 */
public final class LegacyTraffic {
    private static final String GET = "GET";
    private static final String DELETE = "DELETE";
    private static final String POST = "POST";

    private LegacyTraffic() {
    }

    /** Whether {@code request} comes from a legacy-era client. Never throws. */
    public static boolean isLegacyEra(InboundRequest request) {
        Objects.requireNonNull(request, "request");
        String method = request.httpMethod();
        if (GET.equals(method) || DELETE.equals(method)) {
            return true;
        }
        if (!POST.equals(method)) {
            return false;
        }
        List<String> versions = request.headers().all(McpHeaders.PROTOCOL_VERSION);
        if (!versions.isEmpty()) {
            return versions.stream().map(HeaderField::trimOws).allMatch(ProtocolVersions::isSupportedLegacy);
        }
        return !claimsARevision(request.body());
    }

    private static boolean claimsARevision(byte[] body) {
        JsonNode tree;
        try {
            tree = JsonRpcCodec.readTree(body);
        } catch (IOException e) {
            return true;
        }
        if (tree == null || !(tree.isObject() || tree.isArray())) {
            return true;
        }
        if (tree.isObject()) {
            return claims(tree);
        }
        for (JsonNode message : tree) {
            if (claims(message)) {
                return true;
            }
        }
        return false;
    }

    private static boolean claims(JsonNode message) {
        return message.path("params").path(MetaKeys.META).has(MetaKeys.PROTOCOL_VERSION);
    }
}
