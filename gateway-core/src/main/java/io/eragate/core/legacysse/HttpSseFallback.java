package io.eragate.core.legacysse;

import com.fasterxml.jackson.databind.JsonNode;
import io.eragate.core.jsonrpc.JsonRpcCodec;
import io.eragate.core.jsonrpc.JsonRpcErrorCodes;
import java.io.IOException;
import java.net.URI;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * The decisions of a dual-era client that may have to fall back to the deprecated 2024-11-05 HTTP+SSE transport
 * (spec digest §5.2 step 4): when the modern probe and a 2025 {@code initialize} POST both fail with 400, 404 or 405
 * and a body that is not a recognized modern error, GET the URL and expect an {@code endpoint} event; its URI,
 * resolved against the SSE URL and of the same origin, is where every message is POSTed.
 */
public final class HttpSseFallback {

    /** The first event an HTTP+SSE server sends: the URI to POST messages to. */
    public static final String ENDPOINT_EVENT = "endpoint";

    /** The era probe's verdict detail for a 400/404/405 whose body was no JSON-RPC error (see ProbeClassifier). */
    private static final Pattern PROBE_REFUSED = Pattern.compile("HTTP (400|404|405) without a JSON-RPC error.*",
            Pattern.DOTALL);

    private HttpSseFallback() {
    }

    /**
     * Whether the era probe's legacy verdict leaves room for HTTP+SSE: the probe POST was refused with 400, 404 or 405
     * and no JSON-RPC error. A server that answered with a JSON-RPC error speaks JSON-RPC over POST at this URL, so it
     * is a 2025 Streamable HTTP server.
     *
     * @param probeDetail the verdict's detail, as the era cache records it
     */
    public static boolean probeAllowsHttpSse(String probeDetail) {
        return probeDetail != null && PROBE_REFUSED.matcher(probeDetail).matches();
    }

    /**
     * Whether the answer to a 2025 {@code initialize} POST sends the client on to HTTP+SSE: status 400, 404 or 405
     * with a body that is not a recognized modern error (-32022 with {@code data.supported}, or -32601 on a 404,
     * which is how a modern server says it lacks a method).
     */
    public static boolean initializeRefused(int status, byte[] body) {
        if (status != 400 && status != 404 && status != 405) {
            return false;
        }
        JsonNode error = errorOf(body);
        if (error == null) {
            return true;
        }
        int code = error.path("code").asInt();
        boolean modernVersionError = code == JsonRpcErrorCodes.UNSUPPORTED_PROTOCOL_VERSION
                && error.path("data").path("supported").isArray();
        boolean modernUnknownMethod = status == 404 && code == JsonRpcErrorCodes.METHOD_NOT_FOUND;
        return !modernVersionError && !modernUnknownMethod;
    }

    /**
     * The POST endpoint named by an {@code endpoint} event: its data resolved against the SSE URL. Empty when it is
     * not a URI, or when its origin (scheme, host, port) differs from the SSE URL's, which a client must refuse.
     */
    public static Optional<URI> endpoint(URI sseUrl, String eventData) {
        Objects.requireNonNull(sseUrl, "sseUrl");
        if (eventData == null || eventData.isBlank()) {
            return Optional.empty();
        }
        URI resolved;
        try {
            resolved = sseUrl.resolve(eventData.strip());
        } catch (IllegalArgumentException e) {
            return Optional.empty();
        }
        boolean sameOrigin = resolved.getScheme() != null && resolved.getHost() != null
                && resolved.getScheme().equalsIgnoreCase(sseUrl.getScheme())
                && resolved.getHost().equalsIgnoreCase(sseUrl.getHost())
                && port(resolved) == port(sseUrl)
                && resolved.getRawUserInfo() == null;
        return sameOrigin ? Optional.of(resolved) : Optional.empty();
    }

    private static int port(URI uri) {
        if (uri.getPort() != -1) {
            return uri.getPort();
        }
        return "https".equals(uri.getScheme().toLowerCase(Locale.ROOT)) ? 443 : 80;
    }

    private static JsonNode errorOf(byte[] body) {
        if (body == null || body.length == 0) {
            return null;
        }
        try {
            JsonNode tree = JsonRpcCodec.readTree(body);
            JsonNode error = tree == null ? null : tree.get("error");
            return error != null && error.isObject() && error.path("code").isIntegralNumber() ? error : null;
        } catch (IOException e) {
            return null;
        }
    }
}
