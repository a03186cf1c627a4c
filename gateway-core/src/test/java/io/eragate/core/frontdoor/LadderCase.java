package io.eragate.core.frontdoor;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.eragate.core.jsonrpc.JsonRpcCodec;
import java.io.IOException;
import java.io.UncheckedIOException;

/**
 * One row of a ladder table: a request and the exact answer expected.
 *
 * @param description what is broken
 * @param request the request
 * @param status expected HTTP status
 * @param code expected JSON-RPC code
 * @param message expected error message, or a prefix of it when it ends with "…"
 * @param id expected id as JSON text ("7", "\"a\"", or "null")
 */
record LadderCase(String description, TestRequests.Builder request, int status, int code, String message, String id) {

    static LadderCase of(String description, TestRequests.Builder request, int status, int code, String message) {
        return new LadderCase(description, request, status, code, message, "7");
    }

    LadderCase withId(String expectedId) {
        return new LadderCase(description, request, status, code, message, expectedId);
    }

    @Override
    public String toString() {
        return description;
    }

    /** Runs the request and asserts status, code, message, id and the body that carries them. */
    Rejection assertRejected() {
        Verdict verdict = request.check();
        assertThat(verdict).as(description).isInstanceOf(Verdict.Rejected.class);
        Rejection rejection = ((Verdict.Rejected) verdict).rejection();
        assertThat(rejection.httpStatus()).as(description + ": status").isEqualTo(status);
        assertThat(rejection.error().code()).as(description + ": code").isEqualTo(code);
        if (message.endsWith("…")) {
            assertThat(rejection.error().message()).as(description + ": message")
                    .startsWith(message.substring(0, message.length() - 1));
        } else {
            assertThat(rejection.error().message()).as(description + ": message").isEqualTo(message);
        }
        JsonNode body = parse(rejection.body());
        assertThat(body.get("jsonrpc").asText()).isEqualTo("2.0");
        assertThat(body.get("id")).as(description + ": id").hasToString(id);
        assertThat(body.get("error").get("code").asInt()).isEqualTo(code);
        assertThat(rejection.contentType()).isEqualTo("application/json");
        return rejection;
    }

    static JsonNode parse(byte[] json) {
        try {
            return JsonRpcCodec.mapper().readTree(json);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
