package io.eragate.netty.telemetry;

import com.fasterxml.jackson.databind.JsonNode;
import io.eragate.core.jsonrpc.Decoded;
import io.eragate.core.jsonrpc.JsonRpcCodec;
import io.eragate.core.jsonrpc.JsonRpcMessage;
import io.eragate.core.jsonrpc.JsonRpcNotification;
import io.eragate.core.jsonrpc.JsonRpcRequest;
import io.eragate.core.mcp.McpHeaders;
import io.eragate.core.mcp.MetaKeys;
import io.netty.handler.codec.http.HttpHeaders;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Function;

/**
 * Trace context in HTTP headers: the client's (captured once, since the request is released before its outcome) and
 * the upstream's (derived from the body the gateway sends, as every header the gateway sends upstream is).
 */
public final class TraceHeaders {
    private static final List<String> CAPTURED = List.of("traceparent", "tracestate", "baggage",
            McpHeaders.SESSION_ID.toLowerCase(Locale.ROOT));

    private static final byte[] TRACEPARENT_KEY = "\"traceparent\"".getBytes(StandardCharsets.US_ASCII);

    private TraceHeaders() {
    }

    /** The trace-context and session headers of a client request, by lower-case name. */
    public static Function<String, String> capture(HttpHeaders headers) {
        Map<String, String> captured = new HashMap<>(4);
        for (String name : CAPTURED) {
            String value = headers.get(name);
            if (value != null) {
                captured.put(name, value);
            }
        }
        return name -> captured.get(name.toLowerCase(Locale.ROOT));
    }

    /**
     * As {@link #fromBody(JsonRpcMessage, HttpHeaders)}, for a message already encoded as {@code json}; a body that
     * does not mention {@code traceparent} is not parsed.
     */
    public static void fromBody(byte[] json, HttpHeaders headers) {
        if (indexOf(json, TRACEPARENT_KEY) < 0) {
            return;
        }
        if (JsonRpcCodec.decode(json) instanceof Decoded.Message decoded) {
            fromBody(decoded.message(), headers);
        }
    }

    private static int indexOf(byte[] haystack, byte[] needle) {
        outer:
        for (int i = 0; i + needle.length <= haystack.length; i++) {
            for (int j = 0; j < needle.length; j++) {
                if (haystack[i + j] != needle[j]) {
                    continue outer;
                }
            }
            return i;
        }
        return -1;
    }

    /**
     * Sets {@code traceparent}, {@code tracestate} and {@code baggage} on {@code headers} from the {@code _meta} of
     * {@code message}, where it has them: the header repeats what the body carries.
     */
    public static void fromBody(JsonRpcMessage message, HttpHeaders headers) {
        JsonNode params = message instanceof JsonRpcRequest request ? request.params()
                : message instanceof JsonRpcNotification notification ? notification.params() : null;
        JsonNode meta = params == null ? null : params.get(MetaKeys.META);
        if (meta == null || !meta.isObject()) {
            return;
        }
        for (String key : MetaKeys.TRACE_KEYS) {
            JsonNode value = meta.get(key);
            if (value != null && value.isTextual()) {
                headers.set(key, value.textValue());
            }
        }
    }
}
