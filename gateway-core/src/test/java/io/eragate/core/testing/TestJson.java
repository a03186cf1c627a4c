package io.eragate.core.testing;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.eragate.core.jsonrpc.JsonRpcCodec;
import java.io.UncheckedIOException;

/** JSON literals for tests; single quotes stand for double quotes to keep the literals readable. */
public final class TestJson {

    private TestJson() {
    }

    /** The object written as {@code json}. */
    public static ObjectNode obj(String json) {
        return (ObjectNode) node(json);
    }

    /** The JSON value written as {@code json}. */
    public static JsonNode node(String json) {
        try {
            return JsonRpcCodec.mapper().readTree(json.replace('\'', '"'));
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
    }
}
