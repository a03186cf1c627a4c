package io.eragate.core.bridge;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.UncheckedIOException;

/** JSON literals for tests; single quotes stand for double quotes to keep the literals readable. */
final class TestJson {

    private static final ObjectMapper MAPPER = new ObjectMapper();

    private TestJson() {
    }

    static ObjectNode obj(String json) {
        return (ObjectNode) node(json);
    }

    static JsonNode node(String json) {
        try {
            return MAPPER.readTree(json.replace('\'', '"'));
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
    }
}
