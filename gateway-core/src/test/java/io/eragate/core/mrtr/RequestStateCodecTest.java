package io.eragate.core.mrtr;

import static io.eragate.core.mrtr.TestJson.obj;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.eragate.core.jsonrpc.JsonRpcCodec;
import io.eragate.core.jsonrpc.JsonRpcId;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class RequestStateCodecTest {

    static final RequestState STATE = new RequestState("gw-1", "call-7/2", "alice",
            Instant.parse("2026-08-01T10:15:30.123456789Z"), "tools/call", "digest",
            Map.of("elicitation_1", JsonRpcId.of(12), "sampling_1", JsonRpcId.of("s-9")),
            Map.of("elicitation_1", "el-42"), 2);

    @Test
    void roundTrips() {
        assertThat(RequestStateCodec.decode(RequestStateCodec.encode(STATE))).contains(STATE);
    }

    @Test
    void roundTripsAStateWithoutUpstreamRequests() {
        RequestState empty = new RequestState("gw-1", "c", "anonymous", Instant.EPOCH, "prompts/get", "d",
                Map.of(), Map.of(), 1);

        assertThat(RequestStateCodec.decode(RequestStateCodec.encode(empty))).contains(empty);
    }

    @Test
    void keepsIdTypes() {
        RequestState decoded = RequestStateCodec.decode(RequestStateCodec.encode(STATE)).orElseThrow();

        assertThat(decoded.keys().get("elicitation_1").node().isNumber()).isTrue();
        assertThat(decoded.keys().get("sampling_1").node().isTextual()).isTrue();
    }

    @ParameterizedTest
    @ValueSource(strings = {"v", "instance", "call", "principal", "expiresAt", "method", "digest", "keys",
        "elicitations", "round"})
    void refusesAMissingField(String field) {
        ObjectNode json = encoded();
        json.remove(field);

        assertThat(RequestStateCodec.decode(bytes(json))).isEmpty();
    }

    @Test
    void refusesAnUnknownField() {
        ObjectNode json = encoded();
        json.put("admin", true);

        assertThat(RequestStateCodec.decode(bytes(json))).isEmpty();
    }

    @ParameterizedTest
    @ValueSource(strings = {
        "{'v':2}", "{'v':'1'}", "{'instance':1}", "{'call':null}", "{'principal':['alice']}",
        "{'expiresAt':'tomorrow'}", "{'expiresAt':1785000000}", "{'method':{}}", "{'digest':true}",
        "{'keys':[]}", "{'keys':{'k':null}}", "{'keys':{'k':{'id':1}}}", "{'elicitations':{'k':1}}",
        "{'round':0}", "{'round':'1'}", "{'round':1.5}",
    })
    void refusesAWrongType(String override) {
        ObjectNode json = encoded();
        json.setAll(obj(override));

        assertThat(RequestStateCodec.decode(bytes(json))).isEmpty();
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "[]", "null", "{", "not json", "{\"v\":1,\"v\":1}"})
    void refusesWhatIsNotAStateObject(String text) {
        assertThat(RequestStateCodec.decode(text.getBytes(StandardCharsets.UTF_8))).isEmpty();
    }

    private static ObjectNode encoded() {
        try {
            return (ObjectNode) JsonRpcCodec.mapper().readTree(RequestStateCodec.encode(STATE));
        } catch (IOException e) {
            throw new AssertionError(e);
        }
    }

    private static byte[] bytes(ObjectNode json) {
        return json.toString().getBytes(StandardCharsets.UTF_8);
    }
}
