package io.eragate.netty.federation;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.eragate.core.jsonrpc.JsonRpcCodec;
import java.io.IOException;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/** What {@link ToolSchemas} knows without fetching: learned from a list, forgotten when a reload changes it. */
class ToolSchemasTest {

    private static JsonNode list(String tool) throws IOException {
        return JsonRpcCodec.readTree("{\"tools\":[{\"name\":\"" + tool + "\",\"inputSchema\":{\"type\":\"object\"}}]}");
    }

    @Test
    void aForgottenUpstreamsDeclarationsAreNoLongerKnownWhileAnotherUpstreamsStay() throws IOException {
        ToolSchemas schemas = new ToolSchemas(null, 1 << 20, Duration.ofHours(1), 16);
        schemas.learn("crm", list("lookup"));
        schemas.learn("files", list("read"));
        assertThat(schemas.known("crm", "lookup")).hasValueSatisfying(declared -> assertThat(declared).isPresent());

        schemas.forget("crm");

        assertThat(schemas.known("crm", "lookup")).as("fetched afresh on the next call").isEmpty();
        assertThat(schemas.known("files", "read")).isPresent();
    }
}
