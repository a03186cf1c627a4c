package io.eragate.core.frontdoor;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.eragate.core.jsonrpc.JsonRpcError;
import io.eragate.core.jsonrpc.JsonRpcErrorCodes;
import io.eragate.core.jsonrpc.JsonRpcId;
import io.eragate.core.security.UpstreamTextRedaction;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;

/**
 * Every rejection the gateway sends, in one place, so that status, code and wording stay consistent. The ladder in
 * {@link FrontDoor} and the HTTP layer (limits, upstream failures) both use these.
 *
 * <p>Codes: problems with the request that are not JSON-RPC problems (wrong path, method, Origin, media types, size,
 * HTTP syntax) use -32600 Invalid Request. Problems on the gateway's or upstream's side use -32603 Internal error. The
 * implementation-defined range -32000..-32019 is avoided, as the 2026-07-28 revision asks of new implementations. An
 * unknown path is deliberately not -32601: a 404 carrying -32601 is the transport's signal for "a modern server that
 * lacks this method", and a dual-era client probing a mistyped URL must not take it for a modern server.
 */
public final class Rejections {

    private static final JsonNodeFactory JSON = JsonNodeFactory.instance;
    private static final int MAX_QUOTED_CHARS = 200;
    private static final int MAX_SNIPPET_CHARS = 200;

    private Rejections() {
    }

    // --- HTTP-level rejections (also used by the HTTP layer before the ladder runs) ---

    /** 405 for any method but POST, with {@code Allow: POST}. */
    public static Rejection methodNotAllowed() {
        return new Rejection(405, null, invalidRequest("Method not allowed: this MCP endpoint accepts only POST"),
                Map.of("Allow", "POST"));
    }

    /** 405 naming the method that was used, with {@code Allow: POST}. */
    public static Rejection methodNotAllowed(String httpMethod) {
        Objects.requireNonNull(httpMethod, "httpMethod");
        return new Rejection(405, null, invalidRequest("Method not allowed: " + quote(httpMethod)
                + "; this MCP endpoint accepts only POST"), Map.of("Allow", "POST"));
    }

    /** 404 for a path that no route serves. */
    public static Rejection unknownPath(String path) {
        Objects.requireNonNull(path, "path");
        return Rejection.of(404, null, invalidRequest("Not found: no MCP endpoint at path " + quote(path)));
    }

    /** 414 for a request line over the configured limit. */
    public static Rejection requestLineTooLong(int limit) {
        ObjectNode data = JSON.objectNode().put("limitBytes", limit);
        return Rejection.of(414, null, new JsonRpcError(JsonRpcErrorCodes.INVALID_REQUEST,
                "URI too long: the request line exceeds the limit of " + limit + " bytes", data));
    }

    /** 413 for a body over the configured limit. */
    public static Rejection payloadTooLarge(long limit) {
        ObjectNode data = JSON.objectNode().put("limitBytes", limit);
        return Rejection.of(413, null, new JsonRpcError(JsonRpcErrorCodes.INVALID_REQUEST,
                "Payload too large: the request body exceeds the limit of " + limit + " bytes", data));
    }

    /** 431 for request headers over the configured limit. */
    public static Rejection headersTooLarge(int limit) {
        ObjectNode data = JSON.objectNode().put("limitBytes", limit);
        return Rejection.of(431, null, new JsonRpcError(JsonRpcErrorCodes.INVALID_REQUEST,
                "Request header fields too large: the headers exceed the limit of " + limit + " bytes", data));
    }

    /** 400 for a request the HTTP decoder could not read. */
    public static Rejection malformedHttp(String reason) {
        Objects.requireNonNull(reason, "reason");
        return Rejection.of(400, null, invalidRequest("Bad Request: malformed HTTP request: " + clip(reason)));
    }

    /** 503 when the gateway is at its connection limit. */
    public static Rejection connectionLimit() {
        return Rejection.of(503, null, JsonRpcError.of(JsonRpcErrorCodes.INTERNAL_ERROR,
                "Service unavailable: the gateway is at its connection limit; retry later"));
    }

    /** 403 for an Origin the policy refuses; {@code reason} comes from the Origin policy and names the value. */
    public static Rejection forbiddenOrigin(String reason) {
        return Rejection.of(403, null, invalidRequest("Forbidden: " + Objects.requireNonNull(reason, "reason")));
    }

    /** 403 for a Host the policy refuses; {@code reason} comes from the Origin policy and names the value. */
    public static Rejection forbiddenHost(String reason) {
        return Rejection.of(403, null, invalidRequest("Forbidden: " + Objects.requireNonNull(reason, "reason")));
    }

    /** 406 when {@code Accept} does not admit both response forms. */
    public static Rejection notAcceptable(List<String> acceptValues) {
        String got = acceptValues.isEmpty() ? "no Accept header" : "got " + quote(String.join(", ", acceptValues));
        return Rejection.of(406, null, invalidRequest("Not Acceptable: the Accept header must list both "
                + MediaTypes.JSON + " and " + MediaTypes.EVENT_STREAM + "; " + got));
    }

    /** 415 when the body is not declared as {@code application/json}. */
    public static Rejection unsupportedMediaType(List<String> contentTypeValues) {
        String got = contentTypeValues.isEmpty() ? "no Content-Type header"
                : "got " + quote(String.join(", ", contentTypeValues));
        return Rejection.of(415, null, invalidRequest("Unsupported Media Type: Content-Type must be "
                + MediaTypes.JSON + "; " + got));
    }

    // --- JSON-RPC rejections of the ladder ---

    /** 400 for a body that is not JSON (the error comes from the codec and is -32700). */
    public static Rejection parseError(JsonRpcError error) {
        return Rejection.of(400, null, Objects.requireNonNull(error, "error"));
    }

    /** 400 for JSON that is not exactly one request or notification (the error is -32600). */
    public static Rejection invalidRequest(JsonRpcId id, JsonRpcError error) {
        return Rejection.of(400, id, Objects.requireNonNull(error, "error"));
    }

    /** 400/-32602 for a missing or malformed {@code params._meta} envelope or name field. */
    public static Rejection invalidParams(JsonRpcId id, String message) {
        return Rejection.of(400, id, JsonRpcError.of(JsonRpcErrorCodes.INVALID_PARAMS,
                "Invalid params: " + Objects.requireNonNull(message, "message")));
    }

    /**
     * 400/-32020 for a header that disagrees with the body or is missing. {@code data} is
     * {@code {"headerName":…, "mismatch":{"header":…, "body":…}}}; a missing header is {@code null}.
     */
    public static Rejection headerMismatch(JsonRpcId id, String headerName, String headerValue, String bodyValue,
            String message) {
        Objects.requireNonNull(headerName, "headerName");
        ObjectNode data = JSON.objectNode().put("headerName", headerName);
        ObjectNode mismatch = data.putObject("mismatch");
        mismatch.put("header", headerValue);
        mismatch.put("body", bodyValue);
        return Rejection.of(400, id, new JsonRpcError(JsonRpcErrorCodes.HEADER_MISMATCH,
                "Header mismatch: " + Objects.requireNonNull(message, "message"), data));
    }

    /** 400/-32020 for a header that is malformed in itself; {@code data} is {@code {"headerName":…}}. */
    public static Rejection headerInvalid(JsonRpcId id, String headerName, String message) {
        Objects.requireNonNull(headerName, "headerName");
        ObjectNode data = JSON.objectNode().put("headerName", headerName);
        return Rejection.of(400, id, new JsonRpcError(JsonRpcErrorCodes.HEADER_MISMATCH,
                "Header mismatch: " + Objects.requireNonNull(message, "message"), data));
    }

    /** 400/-32022 with {@code data} {@code {"supported":[…], "requested":…}}. */
    public static Rejection unsupportedVersion(JsonRpcId id, String requested, List<String> supported,
            String message) {
        Objects.requireNonNull(requested, "requested");
        ObjectNode data = JSON.objectNode();
        ArrayNode versions = data.putArray("supported");
        supported.forEach(versions::add);
        data.put("requested", requested);
        return Rejection.of(400, id, new JsonRpcError(JsonRpcErrorCodes.UNSUPPORTED_PROTOCOL_VERSION,
                Objects.requireNonNull(message, "message"), data));
    }

    /** 404/-32601 for a method the 2026-07-28 revision does not have. */
    public static Rejection methodNotFound(JsonRpcId id, String method, String why) {
        Objects.requireNonNull(method, "method");
        String suffix = why == null ? "" : " " + why;
        return Rejection.of(404, id, JsonRpcError.of(JsonRpcErrorCodes.METHOD_NOT_FOUND,
                "Method not found: " + quote(method) + suffix));
    }

    // --- upstream failures ---

    /** 503/-32603 when every connection to the upstream is busy and too many requests already wait. */
    public static Rejection upstreamBusy(JsonRpcId id, String reason) {
        Objects.requireNonNull(reason, "reason");
        return Rejection.of(503, id, JsonRpcError.of(JsonRpcErrorCodes.INTERNAL_ERROR,
                "Service unavailable: " + clip(reason)));
    }

    /**
     * 503/-32603 for a connection beyond {@code limits.maxConnections}. It is sent as the connection opens, before any
     * request could be read, so it has no id; {@code data.maxConnections} names the limit, and {@code Retry-After}
     * asks the client to come back in a second.
     */
    public static Rejection tooManyConnections(int maxConnections) {
        ObjectNode data = JsonNodeFactory.instance.objectNode().put("maxConnections", maxConnections);
        return new Rejection(503, null, new JsonRpcError(JsonRpcErrorCodes.INTERNAL_ERROR,
                "Service unavailable: the gateway already serves " + maxConnections
                        + " connections (limits.maxConnections)", data), Map.of("Retry-After", "1"));
    }

    /**
     * 503/-32603 for a request pipelined behind {@code maxQueued} others still waiting on one connection. It is not
     * parsed, so it has no id; it never ran ({@code data.outcome: "not-delivered"}), and the answers owed before it
     * are written first. The connection then closes.
     */
    public static Rejection tooManyPipelined(int maxQueued) {
        ObjectNode data = JsonNodeFactory.instance.objectNode().put("maxPipelined", maxQueued)
                .put("outcome", "not-delivered");
        return new Rejection(503, null, new JsonRpcError(JsonRpcErrorCodes.INTERNAL_ERROR,
                "Service unavailable: more than " + maxQueued + " requests pipelined on one connection; the ones "
                        + "before were answered, this one and any after it were not run", data),
                Map.of("Retry-After", "1"));
    }

    /**
     * A JSON-RPC error response that a modern upstream sent with a non-success status, relayed with that status and
     * re-stamped with the client's request id.
     */
    public static Rejection relayedUpstreamError(int status, JsonRpcId id, JsonRpcError error) {
        Objects.requireNonNull(error, "error");
        return Rejection.of(status, id, error);
    }

    /**
     * 502, 503 or 504 with -32603 when the upstream's protocol era could not be learned (its probe was answered
     * with an authentication challenge, an outage or nothing); the next request probes again.
     */
    public static Rejection eraUnknown(JsonRpcId id, String upstream, String why, int status) {
        Objects.requireNonNull(why, "why");
        return Rejection.of(status, id, new JsonRpcError(JsonRpcErrorCodes.INTERNAL_ERROR,
                "Bad gateway: could not learn the protocol era of upstream " + quote(upstream) + ": " + clip(why),
                upstreamData(upstream)));
    }

    /** 502/-32603 when the upstream cannot be reached (refused, reset, DNS, TLS). */
    public static Rejection upstreamUnreachable(JsonRpcId id, String upstream, String reason) {
        Objects.requireNonNull(reason, "reason");
        return Rejection.of(502, id, new JsonRpcError(JsonRpcErrorCodes.INTERNAL_ERROR,
                "Bad gateway: upstream " + quote(upstream) + " is unreachable: " + clip(reason), upstreamData(upstream)));
    }

    /** 504/-32603 when the upstream did not answer in time. */
    public static Rejection upstreamTimeout(JsonRpcId id, String upstream, Duration after) {
        Objects.requireNonNull(after, "after");
        ObjectNode data = upstreamData(upstream).put("timeoutMs", after.toMillis());
        return Rejection.of(504, id, new JsonRpcError(JsonRpcErrorCodes.INTERNAL_ERROR,
                "Gateway timeout: upstream " + quote(upstream) + " did not answer within " + after.toMillis() + " ms",
                data));
    }

    /**
     * 502/-32603 when the process of a stdio upstream failed the request: it exited, could not be started, or will not
     * be restarted; {@code why} says which, such as "upstream process exited with code 1".
     */
    public static Rejection upstreamProcessFailed(JsonRpcId id, String upstream, String why) {
        Objects.requireNonNull(why, "why");
        return Rejection.of(502, id, new JsonRpcError(JsonRpcErrorCodes.INTERNAL_ERROR,
                "Bad gateway: upstream " + quote(upstream) + ": " + clip(why), upstreamData(upstream)));
    }

    /** 502/-32603 when the upstream answered with something that is not a usable MCP response. */
    public static Rejection upstreamInvalidResponse(JsonRpcId id, String upstream, int status, String why) {
        Objects.requireNonNull(why, "why");
        ObjectNode data = upstreamData(upstream).put("status", status);
        return Rejection.of(502, id, new JsonRpcError(JsonRpcErrorCodes.INTERNAL_ERROR,
                "Bad gateway: upstream " + quote(upstream) + " sent an invalid response (HTTP " + status + "): "
                        + clip(why), data));
    }

    /**
     * 502/-32603 for an upstream error whose body is not JSON-RPC (an HTML page, a serialized exception). The body is
     * reduced to a short single-line detail: markup removed (an HTML title is preferred), stack frames dropped,
     * control characters and runs of spaces collapsed, at most 200 characters. Nothing leaves as HTML or as a trace.
     */
    public static Rejection upstreamError(JsonRpcId id, String upstream, int status, String bodySnippet) {
        String detail = sanitizeSnippet(bodySnippet);
        ObjectNode data = upstreamData(upstream).put("status", status);
        if (!detail.isEmpty()) {
            data.put("detail", detail);
        }
        // The request was sent and no answer to it came back: the tool may have run.
        data.put("outcome", "unknown");
        String message = "Bad gateway: upstream " + quote(upstream) + " failed with HTTP " + status
                + (detail.isEmpty() ? "" : ": " + detail);
        return Rejection.of(502, id, new JsonRpcError(JsonRpcErrorCodes.INTERNAL_ERROR, message, data));
    }

    static String sanitizeSnippet(String body) {
        if (body == null || body.isEmpty()) {
            return "";
        }
        String text = body.indexOf('<') >= 0 ? stripMarkup(body) : body;
        text = dropStackFrames(text);
        text = UpstreamTextRedaction.redact(text);
        StringBuilder out = new StringBuilder(Math.min(text.length(), MAX_SNIPPET_CHARS + 1));
        boolean pendingSpace = false;
        for (int i = 0; i < text.length() && out.length() <= MAX_SNIPPET_CHARS; i++) {
            char c = text.charAt(i);
            if (c <= ' ' || c == 0x7F || Character.isWhitespace(c)) {
                pendingSpace = out.length() > 0;
                continue;
            }
            if (pendingSpace) {
                out.append(' ');
                pendingSpace = false;
            }
            out.append(c);
        }
        if (out.length() > MAX_SNIPPET_CHARS) {
            out.setLength(MAX_SNIPPET_CHARS);
            out.append('…');
        }
        return out.toString();
    }

    private static String stripMarkup(String html) {
        String lower = html.toLowerCase(Locale.ROOT);
        int titleOpen = lower.indexOf("<title");
        if (titleOpen >= 0) {
            int titleStart = lower.indexOf('>', titleOpen);
            int titleEnd = lower.indexOf("</title", titleStart + 1);
            if (titleStart >= 0 && titleEnd > titleStart) {
                String title = html.substring(titleStart + 1, titleEnd).strip();
                if (!title.isEmpty()) {
                    return title;
                }
            }
        }
        StringBuilder out = new StringBuilder(html.length());
        int i = 0;
        while (i < html.length()) {
            char c = html.charAt(i);
            if (c == '<') {
                String skipUntil = lower.startsWith("<script", i) ? "</script" : lower.startsWith("<style", i)
                        ? "</style" : null;
                int close = skipUntil == null ? i : lower.indexOf(skipUntil, i);
                int end = html.indexOf('>', close < 0 ? i : close);
                if (end < 0) {
                    break;
                }
                out.append(' ');
                i = end + 1;
            } else {
                out.append(c);
                i++;
            }
        }
        return out.toString();
    }

    private static String dropStackFrames(String text) {
        int cut = text.length();
        for (String frameStart : new String[] {"\n\tat ", "\n    at ", "\r\n\tat "}) {
            int at = text.indexOf(frameStart);
            if (at >= 0 && at < cut) {
                cut = at;
            }
        }
        return text.substring(0, cut);
    }

    private static ObjectNode upstreamData(String upstream) {
        return JSON.objectNode().put("upstream", Objects.requireNonNull(upstream, "upstream"));
    }

    private static JsonRpcError invalidRequest(String message) {
        return JsonRpcError.of(JsonRpcErrorCodes.INVALID_REQUEST, message);
    }

    /** {@code value} in double quotes, cut to a bounded length so a hostile value cannot bloat the answer. */
    static String quote(String value) {
        return "\"" + clip(value) + "\"";
    }

    private static String clip(String value) {
        return value.length() > MAX_QUOTED_CHARS ? value.substring(0, MAX_QUOTED_CHARS) + "…" : value;
    }
}
