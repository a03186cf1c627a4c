package io.eragate.core.legacyrelay;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.eragate.core.bridge.EnvelopeStripper;
import io.eragate.core.bridge.LogFilter;
import io.eragate.core.jsonrpc.JsonRpcNotification;
import io.eragate.core.mcp.MetaKeys;
import io.eragate.core.mcp.Methods;
import java.util.Objects;
import java.util.Optional;

/**
 * Which notifications of a modern upstream's request stream reach the legacy client on its POST's SSE stream, and
 * how: {@code notifications/progress} carrying the request's own progress token, and {@code notifications/message}
 * at or above the log level the request carried ({@code logging/setLevel} of the session, sent upstream as
 * {@code _meta} logLevel). Everything else on a request stream is dropped: a 2025 client expects change
 * notifications on its GET stream, which the session's listen serves.
 *
 * <p>The progress token goes upstream unchanged (every POST is its own upstream exchange, so tokens of different
 * clients never meet), and so it comes back unchanged. Relayed params lose the {@code _meta} keys under a reserved
 * MCP prefix, which a 2025 client does not know.
 *
 * <p>Immutable; one per relayed request (and its retries, which carry the same token and level).
 */
public final class RequestNotifications {

    private final JsonNode progressToken;
    private final LogFilter logFilter;

    private RequestNotifications(JsonNode progressToken, LogFilter logFilter) {
        this.progressToken = progressToken;
        this.logFilter = logFilter;
    }

    /** The relay for the modern request built for a legacy client's request. */
    public static RequestNotifications forRequest(ObjectNode modernParams) {
        JsonNode token = modernParams == null ? null : modernParams.path(MetaKeys.META).get(MetaKeys.PROGRESS_TOKEN);
        boolean valid = token != null && (token.isTextual() || token.isIntegralNumber());
        return new RequestNotifications(valid ? token.deepCopy() : null,
                LogFilter.forRequest(modernParams));
    }

    /**
     * What to send to the legacy client for an upstream notification on the request's stream.
     *
     * @return the notification to relay, or empty to drop it
     */
    public Optional<JsonRpcNotification> relay(JsonRpcNotification upstream) {
        Objects.requireNonNull(upstream, "upstream");
        ObjectNode params = upstream.params();
        boolean wanted = switch (upstream.method()) {
            case Methods.NOTIFICATION_PROGRESS -> progressToken != null && params != null
                    && sameToken(progressToken, params.get(MetaKeys.PROGRESS_TOKEN));
            case Methods.NOTIFICATION_MESSAGE -> params != null && logFilter.accepts(params);
            default -> false;
        };
        if (!wanted) {
            return Optional.empty();
        }
        return Optional.of(new JsonRpcNotification(upstream.method(), EnvelopeStripper.strip(params)));
    }

    private static boolean sameToken(JsonNode mine, JsonNode theirs) {
        if (theirs == null) {
            return false;
        }
        if (mine.isIntegralNumber() && theirs.isIntegralNumber()) {
            return mine.bigIntegerValue().equals(theirs.bigIntegerValue());
        }
        return mine.equals(theirs);
    }
}
