package io.eragate.core.frontdoor;

import io.eragate.core.mcp.McpHeaders;
import io.eragate.core.mcp.ProtocolVersions;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * The MCP headers the gateway sends upstream, derived from the body it forwards and never copied from the client's
 * headers: the body is the source of truth, and the values below are the validated ones.
 */
public final class UpstreamHeaders {

    private UpstreamHeaders() {
    }

    /**
     * The headers for forwarding {@code request} to a 2026-07-28 upstream, in this order:
     * <ul>
     *   <li>{@code MCP-Protocol-Version}: the envelope's version. A notification carries no envelope, so it gets the
     *       newest modern version; a strict server classifies a header-less notification as legacy traffic.</li>
     *   <li>{@code Mcp-Method}: the method. Omitted for a notification whose method is not a plain visible-ASCII
     *       value, since the revision defines no encoding for this header (a request's method is always a known,
     *       plain one).</li>
     *   <li>{@code Mcp-Name}: the name, sentinel-encoded when it needs to be; only for methods that have one.</li>
     * </ul>
     * {@code Mcp-Param-*} fields are not derived here: the gateway does not know the tool's {@code x-mcp-header}
     * declarations, and an intermediary forwards fields it does not recognise unchanged.
     */
    public static Map<String, String> forModern(ValidatedRequest request) {
        Objects.requireNonNull(request, "request");
        Map<String, String> headers = new LinkedHashMap<>(4);
        String version = request.protocolVersion() != null ? request.protocolVersion()
                : ProtocolVersions.MODERN.get(0);
        headers.put(McpHeaders.PROTOCOL_VERSION, version);
        if (!request.isNotification() || !HeaderSentinel.needsEncoding(request.method())) {
            headers.put(McpHeaders.METHOD, request.method());
        }
        if (request.name() != null) {
            headers.put(McpHeaders.NAME, HeaderSentinel.encode(request.name()));
        }
        return Collections.unmodifiableMap(headers);
    }
}
