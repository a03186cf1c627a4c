package io.eragate.core.frontdoor;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.eragate.core.jsonrpc.JsonRpcError;
import io.eragate.core.jsonrpc.JsonRpcErrorCodes;
import java.time.Duration;
import java.util.Map;
import java.util.Objects;

/**
 * The rejections of how a request travels rather than what it says: its HTTP version, target, transfer and content
 * codings, the encoding of its body, the time its head took and a failed expectation. None of them has an id, since
 * they are decided before (or without) reading the body as JSON. Each names what was refused; {@code data} carries
 * the offending value or the limit where there is one.
 */
public final class FramingRejections {

    private static final JsonNodeFactory JSON = JsonNodeFactory.instance;

    private FramingRejections() {
    }

    /** 400 for a chunk-size line (size plus chunk extensions) over the limit of a line. */
    public static Rejection chunkLineTooLong(int limit) {
        ObjectNode data = JSON.objectNode().put("limitBytes", limit);
        return Rejection.of(400, null, new JsonRpcError(JsonRpcErrorCodes.INVALID_REQUEST,
                "Bad Request: a chunk-size line (with its chunk extensions) exceeds the limit of " + limit
                        + " bytes", data));
    }

    /** 505 for an HTTP version other than 1.0 and 1.1. */
    public static Rejection versionNotSupported(String version) {
        Objects.requireNonNull(version, "version");
        ObjectNode data = JSON.objectNode().put("version", version);
        return Rejection.of(505, null, new JsonRpcError(JsonRpcErrorCodes.INVALID_REQUEST,
                "HTTP version not supported: " + Rejections.quote(version) + "; this gateway speaks HTTP/1.1 and "
                        + "HTTP/1.0", data));
    }

    /** 400 for a request line whose protocol is not HTTP. */
    public static Rejection notHttp(String protocol) {
        Objects.requireNonNull(protocol, "protocol");
        return Rejection.of(400, null, JsonRpcError.of(JsonRpcErrorCodes.INVALID_REQUEST,
                "Bad Request: the request line names the protocol " + Rejections.quote(protocol) + ", not HTTP"));
    }

    /** 400 for a request target with a {@code #fragment}, which a client never sends (RFC 9112 §3.2). */
    public static Rejection fragmentInTarget(String target) {
        Objects.requireNonNull(target, "target");
        return Rejection.of(400, null, JsonRpcError.of(JsonRpcErrorCodes.INVALID_REQUEST,
                "Bad Request: the request target " + Rejections.quote(target) + " has a #fragment, which is never "
                        + "sent in a request"));
    }

    /** 501 for a transfer coding the gateway does not implement, ahead of the final {@code chunked}. */
    public static Rejection transferCodingNotImplemented(String transferEncoding) {
        Objects.requireNonNull(transferEncoding, "transferEncoding");
        return Rejection.of(501, null, JsonRpcError.of(JsonRpcErrorCodes.INVALID_REQUEST,
                "Not implemented: Transfer-Encoding " + Rejections.quote(transferEncoding)
                        + "; only \"chunked\" alone is supported"));
    }

    /** 400 for a {@code Transfer-Encoding} whose body length cannot be determined (chunked is not last, or twice). */
    public static Rejection transferCodingInvalid(String transferEncoding, String why) {
        Objects.requireNonNull(transferEncoding, "transferEncoding");
        Objects.requireNonNull(why, "why");
        return Rejection.of(400, null, JsonRpcError.of(JsonRpcErrorCodes.INVALID_REQUEST,
                "Bad Request: Transfer-Encoding " + Rejections.quote(transferEncoding) + " " + why
                        + "; only \"chunked\" alone is supported"));
    }

    /** 415 for a request body with any {@code Content-Encoding}: bodies are read as they come, never decoded. */
    public static Rejection contentCodingUnsupported(String contentEncoding) {
        Objects.requireNonNull(contentEncoding, "contentEncoding");
        return new Rejection(415, null, JsonRpcError.of(JsonRpcErrorCodes.INVALID_REQUEST,
                "Unsupported Media Type: Content-Encoding " + Rejections.quote(contentEncoding)
                        + "; request bodies must be sent without a content coding"),
                Map.of("Accept-Encoding", "identity"));
    }

    /** 400/-32700 for a body that is not UTF-8 (RFC 8259 §8.1: JSON exchanged between systems is UTF-8). */
    public static Rejection bodyNotUtf8(String why) {
        Objects.requireNonNull(why, "why");
        return Rejection.of(400, null, JsonRpcError.of(JsonRpcErrorCodes.PARSE_ERROR,
                "Parse error: the body is not UTF-8: " + why));
    }

    /** 408 for a request head that was not complete within {@code limits.requestHeaderTimeout}. */
    public static Rejection headTimeout(Duration timeout) {
        Objects.requireNonNull(timeout, "timeout");
        ObjectNode data = JSON.objectNode().put("timeoutMs", timeout.toMillis());
        return Rejection.of(408, null, new JsonRpcError(JsonRpcErrorCodes.INVALID_REQUEST,
                "Request timeout: the request line and headers were not complete within " + timeout.toMillis()
                        + " ms (limits.requestHeaderTimeout)", data));
    }

    /** 417 for an {@code Expect} value other than {@code 100-continue}. */
    public static Rejection expectationFailed(String expect) {
        Objects.requireNonNull(expect, "expect");
        return Rejection.of(417, null, JsonRpcError.of(JsonRpcErrorCodes.INVALID_REQUEST,
                "Expectation failed: Expect " + Rejections.quote(expect) + "; only \"100-continue\" is supported"));
    }
}
