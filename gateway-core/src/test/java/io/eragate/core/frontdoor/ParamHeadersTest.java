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
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/** The SEP-2243 table for {@code Mcp-Param-*}, plus the annotation rules that decide what is declared. */
class ParamHeadersTest {

    private static final String SCHEMA = """
            {"type":"object","properties":{
              "region":{"type":"string","x-mcp-header":"Region"},
              "count":{"type":"integer","x-mcp-header":"Count"},
              "dry":{"type":"boolean","x-mcp-header":"Dry-Run"},
              "opts":{"type":"object","properties":{"tenant":{"type":"string","x-mcp-header":"Tenant"}}},
              "free":{"type":"string"}}}""";
    private static final List<ParamHeaders.Binding> BINDINGS = ParamHeaders.declarations(json(SCHEMA)).orElseThrow();

    @ParameterizedTest(name = "{0}: {1}={2} with body {3} -> {4}")
    @CsvSource(delimiter = '|', quoteCharacter = '\'', textBlock = """
        plain value matches                  | Region    | us-west1                       | {"region":"us-west1"}            | accept
        whitespace is not part of a value    | Region    | '  us-west1  '                 | {"region":"us-west1"}            | accept
        valid Base64 is decoded              | Region    | =?base64?SGVsbG8=?=            | {"region":"Hello"}               | accept
        non-ASCII through Base64             | Region    | =?base64?SGVsbG8sIOS4lueVjA==?= | {"region":"Hello, 世界"}         | accept
        bad Base64 padding                   | Region    | =?base64?SGVsbG8?=             | {"region":"Hello"}               | reject
        bad Base64 characters                | Region    | =?base64?SGVs!!!bG8=?=         | {"region":"Hello"}               | reject
        no prefix is a literal               | Region    | SGVsbG8=                       | {"region":"SGVsbG8="}            | accept
        no suffix is a literal               | Region    | =?base64?SGVsbG8=              | {"region":"=?base64?SGVsbG8="}   | accept
        upper-case sentinel is a literal     | Region    | =?BASE64?SGVsbG8=?=            | {"region":"=?BASE64?SGVsbG8=?="} | accept
        upper-case sentinel is not decoded   | Region    | =?BASE64?SGVsbG8=?=            | {"region":"Hello"}               | reject
        mismatch                             | Region    | eu-central1                    | {"region":"us-west1"}            | reject
        value case matters                   | Region    | US-WEST1                       | {"region":"us-west1"}            | reject
        missing header, value in body        | -         | -                              | {"region":"us-west1"}            | reject
        null value needs no header           | -         | -                              | {"region":null}                  | accept
        absent value needs no header         | -         | -                              | {"free":"x"}                     | accept
        header without a body value          | Region    | us-west1                       | {}                               | reject
        integer compared as a number         | Count     | 42                             | {"count":42.0}                   | accept
        integer mismatch                     | Count     | 43                             | {"count":42}                     | reject
        integer header that is not a number  | Count     | many                           | {"count":42}                     | reject
        boolean                              | Dry-Run   | true                           | {"dry":true}                     | accept
        boolean mismatch                     | Dry-Run   | True                           | {"dry":true}                     | reject
        nested property                      | Tenant    | acme                           | {"opts":{"tenant":"acme"}}       | accept
        nested property missing header       | -         | -                              | {"opts":{"tenant":"acme"}}       | reject
        header name is case-insensitive      | dry-run   | false                          | {"dry":false}                    | accept
        empty plain value                    | Region    | ''                             | {"region":""}                    | accept
        empty value through Base64           | Region    | =?base64??=                    | {"region":""}                    | accept
        """)
    void sep2243(String name, String header, String value, String arguments, String expected) {
        Map<String, List<String>> headers = new HashMap<>();
        if (!"-".equals(header)) {
            headers.put(("Mcp-Param-" + header).toLowerCase(Locale.ROOT), List.of(value));
        }
        Optional<Rejection> rejection = ParamHeaders.check(JsonRpcId.of(7), BINDINGS, json(arguments), headers);

        if (expected.equals("accept")) {
            assertThat(rejection).as(name).isEmpty();
        } else {
            assertThat(rejection).as(name).isPresent();
            assertThat(rejection.get().httpStatus()).isEqualTo(400);
            assertThat(rejection.get().error().code()).isEqualTo(-32020);
            assertThat(rejection.get().id()).isEqualTo(JsonRpcId.of(7));
        }
    }

    @Test
    void declarationsFollowPropertiesChainsOnly() {
        assertThat(BINDINGS).extracting(ParamHeaders.Binding::headerName)
                .containsExactly("Mcp-Param-Region", "Mcp-Param-Count", "Mcp-Param-Dry-Run", "Mcp-Param-Tenant");
        assertThat(BINDINGS.get(3).path()).containsExactly("opts", "tenant");
        assertThat(ParamHeaders.declarations(json("{\"type\":\"object\"}"))).contains(List.of());
    }

    @ParameterizedTest
    @ValueSource(strings = {
        "{\"properties\":{\"n\":{\"type\":\"number\",\"x-mcp-header\":\"N\"}}}",
        "{\"properties\":{\"a\":{\"type\":\"string\",\"x-mcp-header\":\"\"}}}",
        "{\"properties\":{\"a\":{\"type\":\"string\",\"x-mcp-header\":\"Bad Name\"}}}",
        "{\"properties\":{\"a\":{\"type\":\"string\",\"x-mcp-header\":\"X\"},"
                + "\"b\":{\"type\":\"string\",\"x-mcp-header\":\"x\"}}}",
        "{\"properties\":{\"l\":{\"type\":\"array\",\"items\":{\"type\":\"string\",\"x-mcp-header\":\"L\"}}}}",
        "{\"properties\":{\"o\":{\"oneOf\":[{\"type\":\"string\",\"x-mcp-header\":\"O\"}]}}}",
        "{\"$defs\":{\"d\":{\"type\":\"string\",\"x-mcp-header\":\"D\"}}}"})
    void toolsWhoseAnnotationsBreakTheRulesDeclareNothing(String schema) {
        assertThat(ParamHeaders.declarations(json(schema))).isEmpty();
    }

    private static JsonNode json(String text) {
        try {
            return JsonRpcCodec.mapper().readTree(text);
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }
}
