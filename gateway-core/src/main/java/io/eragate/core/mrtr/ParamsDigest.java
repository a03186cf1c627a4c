package io.eragate.core.mrtr;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.eragate.core.jsonrpc.JsonRpcCodec;
import io.eragate.core.mcp.MetaKeys;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.security.DigestOutputStream;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Base64;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The digest that binds a {@code requestState} to the params of the request it was issued for, so that a retry with
 * other arguments is refused.
 *
 * <p>The retry legitimately differs from the original in {@code _meta} (a new envelope), {@code inputResponses} and
 * {@code requestState}; those top-level members are left out. The rest is written canonically before hashing: object
 * members sorted by name at every depth, and numbers by value ({@code 1}, {@code 1.0} and {@code 1e0} are the same),
 * so that a client that re-serializes the params does not break the match.
 */
public final class ParamsDigest {

    /** Top-level members of params that a retry adds or replaces. */
    public static final Set<String> EXCLUDED = Set.of(MetaKeys.META, "inputResponses", "requestState");

    private ParamsDigest() {
    }

    /**
     * Base64url (no padding) of the SHA-256 of the canonical params.
     *
     * @param params the request's params, or {@code null} when it had none (the same as an empty object)
     */
    public static String of(ObjectNode params) {
        MessageDigest sha256 = sha256();
        try (JsonGenerator json = JsonRpcCodec.mapper().getFactory()
                .createGenerator(new DigestOutputStream(OutputStream.nullOutputStream(), sha256))) {
            json.writeStartObject();
            if (params != null) {
                for (String name : sortedNames(params)) {
                    if (!EXCLUDED.contains(name)) {
                        json.writeFieldName(name);
                        writeCanonical(json, params.get(name));
                    }
                }
            }
            json.writeEndObject();
        } catch (IOException e) {
            throw new UncheckedIOException("writing to a digest cannot fail", e);
        }
        return Base64.getUrlEncoder().withoutPadding().encodeToString(sha256.digest());
    }

    private static void writeCanonical(JsonGenerator json, JsonNode node) throws IOException {
        switch (node.getNodeType()) {
            case OBJECT -> {
                json.writeStartObject();
                for (String name : sortedNames(node)) {
                    json.writeFieldName(name);
                    writeCanonical(json, node.get(name));
                }
                json.writeEndObject();
            }
            case ARRAY -> {
                json.writeStartArray();
                for (JsonNode element : node) {
                    writeCanonical(json, element);
                }
                json.writeEndArray();
            }
            case NUMBER -> json.writeNumber(canonicalNumber(node));
            case STRING -> json.writeString(node.textValue());
            case BOOLEAN -> json.writeBoolean(node.booleanValue());
            default -> json.writeNull();
        }
    }

    private static String canonicalNumber(JsonNode number) {
        if (number.isFloatingPointNumber() && !number.isBigDecimal() && !Double.isFinite(number.doubleValue())) {
            return number.asText();
        }
        BigDecimal value = number.isIntegralNumber() ? new BigDecimal(number.bigIntegerValue())
                : number.decimalValue();
        // Scientific notation keeps the text short even for 1e400; toPlainString would expand it.
        return value.stripTrailingZeros().toString();
    }

    private static List<String> sortedNames(JsonNode object) {
        List<String> names = new ArrayList<>(object.size());
        for (Map.Entry<String, JsonNode> entry : object.properties()) {
            names.add(entry.getKey());
        }
        Collections.sort(names);
        return names;
    }

    private static MessageDigest sha256() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            // Every Java SE runtime must provide SHA-256.
            throw new IllegalStateException("SHA-256 is unavailable", e);
        }
    }
}
