package io.eragate.core.frontdoor;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.eragate.core.jsonrpc.JsonRpcCodec;
import io.eragate.core.jsonrpc.JsonRpcId;
import java.io.IOException;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The {@code Mcp-Param-*} headers the gateway writes for a client that mirrors nothing (a legacy client's
 * {@code tools/call} on its way to a modern upstream): what SEP-2243 asks of a client, and exactly what
 * {@link ParamHeaders#check} (the server's side of the same rules) accepts.
 */
class ParamHeadersGenerationTest {

    private static final List<ParamHeaders.Binding> BINDINGS = ParamHeaders.declarations(json("""
            {"type":"object","properties":{
              "region":{"type":"string","x-mcp-header":"Region"},
              "count":{"type":"integer","x-mcp-header":"Count"},
              "dry":{"type":"boolean","x-mcp-header":"Dry-Run"},
              "opts":{"type":"object","properties":{"tenant":{"type":"string","x-mcp-header":"Tenant"}}},
              "free":{"type":"string"}}}""")).orElseThrow();

    @ParameterizedTest(name = "{0}: {1} -> {2}")
    @CsvSource(delimiter = '|', quoteCharacter = '\'', textBlock = """
        plain ASCII as it is        | {"region":"us-west1"}        | {"Mcp-Param-Region":"us-west1"}
        non-ASCII in the sentinel   | {"region":"Hello, 世界"} | {"Mcp-Param-Region":"=?base64?SGVsbG8sIOS4lueVjA==?="}
        leading space, sentinel     | {"region":" eu"}             | {"Mcp-Param-Region":"=?base64?IGV1?="}
        trailing tab, sentinel      | {"region":"eu\\t"}           | {"Mcp-Param-Region":"=?base64?ZXUJ?="}
        control character, sentinel | {"region":"a\\nb"}           | {"Mcp-Param-Region":"=?base64?YQpi?="}
        sentinel-shaped value | {"region":"=?base64?SGk=?="} | {"Mcp-Param-Region":"=?base64?PT9iYXNlNjQ/U0drPT89?="}
        empty string, sentinel      | {"region":""}                | {"Mcp-Param-Region":"=?base64??="}
        integer in decimal          | {"count":42}                 | {"Mcp-Param-Count":"42"}
        large integer in decimal    | {"count":9007199254740991}   | {"Mcp-Param-Count":"9007199254740991"}
        boolean                     | {"dry":false}                | {"Mcp-Param-Dry-Run":"false"}
        nested property             | {"opts":{"tenant":"acme"}}   | {"Mcp-Param-Tenant":"acme"}
        null value, no header       | {"region":null}              | {}
        absent value, no header     | {"free":"x"}                 | {}
        an object value, no header  | {"region":{"a":1}}           | {}
        no arguments at all         | null                         | {}
        every declaration in order  | {"dry":true,"region":"r","count":1} | {"Mcp-Param-Region":"r",\
        "Mcp-Param-Count":"1","Mcp-Param-Dry-Run":"true"}
        """)
    void headersForTheArguments(String name, String arguments, String expected) {
        JsonNode args = json(arguments);
        Map<String, String> headers = ParamHeaders.headersFor(BINDINGS, args);

        assertThat(JsonRpcCodec.mapper().valueToTree(headers).toString()).as(name)
                .isEqualTo(json(expected).toString());
        assertThat(List.copyOf(headers.keySet())).as(name + ": declaration order")
                .isEqualTo(List.copyOf(JsonRpcCodec.mapper().convertValue(json(expected), Map.class).keySet()));
        if (name.startsWith("an object")) {
            return; // not a value a header can mirror: the upstream's own check of the arguments answers the call
        }
        // What the gateway writes is what a checking server accepts, and nothing less would do.
        Map<String, List<String>> sent = new HashMap<>();
        headers.forEach((header, value) -> sent.put(header.toLowerCase(Locale.ROOT), List.of(value)));
        assertThat(ParamHeaders.check(JsonRpcId.of(1), BINDINGS, args, sent)).as(name).isEmpty();
        if (!headers.isEmpty()) {
            assertThat(ParamHeaders.check(JsonRpcId.of(1), BINDINGS, args, Map.of())).as(name + " without headers")
                    .isPresent();
        }
    }

    private static JsonNode json(String text) {
        try {
            return JsonRpcCodec.mapper().readTree(text);
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }
}
