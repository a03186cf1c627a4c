package io.eragate.core.telemetry;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.eragate.core.frontdoor.ValidatedRequest;
import io.eragate.core.jsonrpc.JsonRpcRequest;
import io.eragate.core.mcp.MetaKeys;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Objects;
import java.util.regex.Pattern;

/**
 * Puts the gateway's own {@code traceparent} into a request's {@code params._meta}, so that the upstream's spans are
 * children of the gateway's. For the modern pass-through the original bytes are kept and only that one value is
 * changed: the existing value is overwritten in place, or the key is inserted right after the opening brace of
 * {@code _meta} (or of {@code params}, or of the message); every other byte stays as the client sent it.
 *
 * <p>Cost: one streaming scan of the body up to {@code params._meta} (to its end when the key is absent) and one
 * copy of the body; the parsed params are deep-copied once to stay consistent with the bytes.
 */
public final class TraceparentRewrite {
    private static final JsonFactory JSON = new JsonFactory();
    /** Version 00 of W3C trace context: the only form the gateway writes. */
    private static final Pattern TRACEPARENT = Pattern.compile("00-[0-9a-f]{32}-[0-9a-f]{16}-[0-9a-f]{2}");

    private TraceparentRewrite() {
    }

    /** {@code request} with {@code traceparent} as its {@code params._meta.traceparent}, in the tree and the bytes. */
    public static ValidatedRequest apply(ValidatedRequest request, String traceparent) {
        Objects.requireNonNull(request, "request");
        if (!(request.message() instanceof JsonRpcRequest message)) {
            return request;
        }
        byte[] body = rewrite(request.originalBody(), traceparent);
        ObjectNode params = message.params() == null ? JsonNodeFactory.instance.objectNode()
                : message.params().deepCopy();
        params.withObject(MetaKeys.META).put(TraceContext.TRACEPARENT, traceparent);
        return new ValidatedRequest(new JsonRpcRequest(message.id(), message.method(), params), body,
                request.protocolVersion(), request.method(), request.name(), request.id());
    }

    /**
     * {@code body} (a JSON-RPC message object) with {@code params._meta.traceparent} set to {@code traceparent};
     * all other bytes unchanged.
     *
     * @throws IllegalArgumentException if {@code traceparent} is not a version-00 traceparent, or the body is not a
     *     JSON object whose {@code params} and {@code params._meta}, where present, are objects
     */
    public static byte[] rewrite(byte[] body, String traceparent) {
        if (traceparent == null || !TRACEPARENT.matcher(traceparent).matches()) {
            throw new IllegalArgumentException("not a version-00 traceparent: " + traceparent);
        }
        try (JsonParser parser = JSON.createParser(body)) {
            return rewrite(parser, body, traceparent);
        } catch (IOException e) {
            throw new UncheckedIOException("the body was validated as JSON", e);
        }
    }

    private static byte[] rewrite(JsonParser parser, byte[] body, String traceparent) throws IOException {
        String quoted = "\"" + traceparent + "\"";
        if (parser.nextToken() != JsonToken.START_OBJECT) {
            throw new IllegalArgumentException("the body is not a JSON object");
        }
        int messageOpen = offsetAfterToken(parser);
        while (parser.nextToken() == JsonToken.FIELD_NAME) {
            boolean isParams = "params".equals(parser.currentName());
            JsonToken value = parser.nextToken();
            if (!isParams) {
                parser.skipChildren();
            } else if (value == JsonToken.START_OBJECT) {
                return inParams(parser, body, quoted);
            } else {
                throw new IllegalArgumentException("params is not an object");
            }
        }
        return insert(body, messageOpen, "\"params\":{\"_meta\":{\"traceparent\":" + quoted + "}},");
    }

    private static byte[] inParams(JsonParser parser, byte[] body, String quoted) throws IOException {
        int paramsOpen = offsetAfterToken(parser);
        boolean empty = true;
        while (parser.nextToken() == JsonToken.FIELD_NAME) {
            empty = false;
            boolean isMeta = MetaKeys.META.equals(parser.currentName());
            JsonToken value = parser.nextToken();
            if (!isMeta) {
                parser.skipChildren();
            } else if (value == JsonToken.START_OBJECT) {
                return inMeta(parser, body, quoted);
            } else {
                throw new IllegalArgumentException("params._meta is not an object");
            }
        }
        return insert(body, paramsOpen, "\"_meta\":{\"traceparent\":" + quoted + "}" + (empty ? "" : ","));
    }

    private static byte[] inMeta(JsonParser parser, byte[] body, String quoted) throws IOException {
        int metaOpen = offsetAfterToken(parser);
        boolean empty = true;
        while (parser.nextToken() == JsonToken.FIELD_NAME) {
            empty = false;
            boolean isTraceparent = TraceContext.TRACEPARENT.equals(parser.currentName());
            parser.nextToken();
            if (isTraceparent) {
                // Whatever the client put there (a string, or anything else), the value's bytes are replaced.
                int start = (int) parser.currentTokenLocation().getByteOffset();
                parser.skipChildren();
                parser.finishToken();
                return replace(body, start, (int) parser.currentLocation().getByteOffset(), quoted);
            }
            parser.skipChildren();
        }
        return insert(body, metaOpen, "\"traceparent\":" + quoted + (empty ? "" : ","));
    }

    private static int offsetAfterToken(JsonParser parser) {
        return (int) parser.currentTokenLocation().getByteOffset() + 1;
    }

    private static byte[] insert(byte[] body, int at, String text) {
        return replace(body, at, at, text);
    }

    private static byte[] replace(byte[] body, int start, int end, String text) {
        byte[] inserted = text.getBytes(StandardCharsets.UTF_8);
        byte[] out = Arrays.copyOf(body, body.length - (end - start) + inserted.length);
        System.arraycopy(inserted, 0, out, start, inserted.length);
        System.arraycopy(body, end, out, start + inserted.length, body.length - end);
        return out;
    }
}
