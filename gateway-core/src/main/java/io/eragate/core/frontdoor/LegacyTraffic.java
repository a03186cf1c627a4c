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
 * Tells the traffic of a 2025-11-25 (or earlier) Streamable HTTP client from a 2026-07-28 request: era by the body,
 * everywhere, with the header as a cross-check (the recommended convention), so that a proxy stripping headers cannot
 * change a request's era:
 *
 * <ul>
 *   <li>GET and DELETE exist only in the legacy transport (the standalone stream and session termination);</li>
 *   <li>a POST whose body (one message, or any message of a batch) claims a revision in
 *       {@code params._meta["io.modelcontextprotocol/protocolVersion"]} is modern whatever its headers say: the
 *       modern ladder then answers a disagreeing {@code MCP-Protocol-Version} with -32020;</li>
 *   <li>a POST whose {@code MCP-Protocol-Version} names anything but a legacy revision is modern (a missing envelope
 *       is then a malformed modern request, and a malformed value is judged by the ladder);</li>
 *   <li>only a POST with neither is legacy: an {@code initialize}, a session's later requests, its notifications
 *       and its answers to server requests carry no claim. A body that is not JSON is legacy under a legacy header
 *       and left to the modern ladder, which says why, without one.</li>
 * </ul>
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
        boolean legacyHeader = !versions.isEmpty() && allSupportedLegacy(versions);
        if (!versions.isEmpty() && !legacyHeader) {
            return false;
        }
        return !claimsARevision(request.body(), !legacyHeader);
    }

    /** Whether every value names a supported legacy revision; a loop, as this runs on every POST. */
    private static boolean allSupportedLegacy(List<String> versions) {
        for (int i = 0; i < versions.size(); i++) {
            if (!ProtocolVersions.isSupportedLegacy(HeaderField.trimOws(versions.get(i)))) {
                return false;
            }
        }
        return true;
    }

    /** Whether {@code body} claims a revision; a body that is no JSON object or array does when {@code strict}. */
    private static boolean claimsARevision(byte[] body, boolean strict) {
        JsonNode tree;
        try {
            tree = JsonRpcCodec.readTree(body);
        } catch (IOException e) {
            return strict;
        }
        if (tree == null || !(tree.isObject() || tree.isArray())) {
            return strict;
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
