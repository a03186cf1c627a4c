package io.eragate.core.frontdoor;

import io.eragate.core.mcp.McpHeaders;
import io.eragate.core.mcp.ProtocolVersions;
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
 *
 * <p>The body is read by {@link RevisionClaim}, a streaming pass that answers as a tree reading would without
 * building one.
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
        return !RevisionClaim.in(request.body(), !legacyHeader);
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
}
