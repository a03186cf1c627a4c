package io.eragate.core.mrtr;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

/** JSON literals for tests: the shared {@link io.eragate.core.testing.TestJson}, under the name this package uses. */
final class TestJson {

    private TestJson() {
    }

    static ObjectNode obj(String json) {
        return io.eragate.core.testing.TestJson.obj(json);
    }

    static JsonNode node(String json) {
        return io.eragate.core.testing.TestJson.node(json);
    }
}
