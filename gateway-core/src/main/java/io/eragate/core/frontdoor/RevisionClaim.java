package io.eragate.core.frontdoor;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import io.eragate.core.jsonrpc.JsonRpcCodec;
import io.eragate.core.mcp.MetaKeys;
import java.io.IOException;

/**
 * Whether a POST body claims a revision in {@code params._meta["io.modelcontextprotocol/protocolVersion"]} (of the one
 * message, or of any message of a batch), found with one pass of the shared mapper's streaming parser instead of a
 * tree: the era check runs on every legacy client's request, whose body the legacy front then parses into a tree
 * anyway, so building a second tree here only made garbage.
 *
 * <p>The answer is the tree reading's, in every case: a body the tree cannot read (any parse problem anywhere, a
 * duplicate member name at any depth, content after the value, a number or string the tree cannot hold) or whose
 * value is no object or array claims exactly when {@code strict}. So the pass reads the whole body, finishes every
 * string and reads every number as {@code JsonRpcCodec.readTree} would (a float as an exact decimal), even after the
 * claim has been found.
 */
final class RevisionClaim {
    private static final String PARAMS = "params";

    private RevisionClaim() {
    }

    /** Whether {@code body} claims a revision; a body that is no readable object or array does if {@code strict}. */
    static boolean in(byte[] body, boolean strict) {
        try (JsonParser parser = JsonRpcCodec.mapper().createParser(body)) {
            JsonToken first = parser.nextToken();
            boolean claims;
            if (first == JsonToken.START_OBJECT) {
                claims = message(parser);
            } else if (first == JsonToken.START_ARRAY) {
                claims = batch(parser);
            } else {
                // A scalar or nothing: the tree reading is no object or array (or fails), which is strict either way.
                return strict;
            }
            return parser.nextToken() == null ? claims : strict;
        } catch (IOException | RuntimeException e) {
            // Unreadable as a tree, as readTree's NumberFormatException is turned into an IOException there.
            return strict;
        }
    }

    /** Reads a batch up to its end: whether any of its objects claims. */
    private static boolean batch(JsonParser parser) throws IOException {
        boolean claims = false;
        for (JsonToken token = parser.nextToken(); token != JsonToken.END_ARRAY; token = parser.nextToken()) {
            if (token == JsonToken.START_OBJECT) {
                claims |= message(parser);
            } else {
                JsonValues.skip(parser, token, true);
            }
        }
        return claims;
    }

    /** Reads one message object up to its end: whether its {@code params} object has a {@code _meta} claim. */
    private static boolean message(JsonParser parser) throws IOException {
        return memberObject(parser, PARAMS, RevisionClaim::params);
    }

    /** Reads a {@code params} object up to its end: whether its {@code _meta} object has the claim. */
    private static boolean params(JsonParser parser) throws IOException {
        return memberObject(parser, MetaKeys.META, RevisionClaim::meta);
    }

    /**
     * Reads an object up to its end: what {@code inner} says of its member {@code name} when that is an object, false
     * without one (a repeated name fails the parser's duplicate detection); every other member is read past.
     */
    private static boolean memberObject(JsonParser parser, String name, ObjectReader inner) throws IOException {
        boolean claims = false;
        for (JsonToken token = parser.nextToken(); token != JsonToken.END_OBJECT; token = parser.nextToken()) {
            String member = memberName(parser, token);
            JsonToken value = parser.nextToken();
            if (name.equals(member) && value == JsonToken.START_OBJECT) {
                claims = inner.read(parser);
            } else {
                JsonValues.skip(parser, value, true);
            }
        }
        return claims;
    }

    /** Whether {@code _meta} has the protocol version member, whatever its value (the tree's {@code has}). */
    private static boolean meta(JsonParser parser) throws IOException {
        boolean claims = false;
        for (JsonToken token = parser.nextToken(); token != JsonToken.END_OBJECT; token = parser.nextToken()) {
            claims |= MetaKeys.PROTOCOL_VERSION.equals(memberName(parser, token));
            JsonValues.skip(parser, parser.nextToken(), true);
        }
        return claims;
    }

    private static String memberName(JsonParser parser, JsonToken token) throws IOException {
        if (token != JsonToken.FIELD_NAME) {
            throw new IOException("expected a member name, not " + token);
        }
        return parser.currentName();
    }

    /** Reads an object whose start the parser is past, up to its end, and says whether it claims. */
    @FunctionalInterface
    private interface ObjectReader {
        boolean read(JsonParser parser) throws IOException;
    }
}
