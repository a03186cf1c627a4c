package io.eragate.core.frontdoor;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class MediaTypesTest {

    static Stream<Arguments> acceptFields() {
        return Stream.of(
                Arguments.of(List.of("application/json, text/event-stream"), true),
                Arguments.of(List.of("text/event-stream, application/json"), true),
                Arguments.of(List.of("application/json,text/event-stream"), true),
                Arguments.of(List.of("Application/JSON, TEXT/Event-Stream"), true),
                Arguments.of(List.of("application/json", "text/event-stream"), true),
                Arguments.of(List.of("application/json;q=0.9, text/event-stream;Q=0.1"), true),
                Arguments.of(List.of("application/json; q=1.000, text/event-stream ; q=0.001"), true),
                Arguments.of(List.of("application/json;charset=\"utf-8,x\", text/event-stream"), true),
                Arguments.of(List.of("*/*"), true),
                Arguments.of(List.of("application/*, text/*"), true),
                Arguments.of(List.of("application/json, text/*"), true),
                Arguments.of(List.of("*/*;q=0.1, text/event-stream;q=0, text/event-stream"), true),
                Arguments.of(List.of("text/*;q=0, text/event-stream, application/json"), true),
                Arguments.of(List.of(), false),
                Arguments.of(List.of(""), false),
                Arguments.of(List.of("application/json"), false),
                Arguments.of(List.of("text/event-stream"), false),
                Arguments.of(List.of("application/*"), false),
                Arguments.of(List.of("*/*, application/json;q=0"), false),
                Arguments.of(List.of("text/event-stream;q=0, */*"), false),
                Arguments.of(List.of("application/json;q=0.0, text/event-stream"), false),
                Arguments.of(List.of("application/json;q=2, text/event-stream"), false),
                Arguments.of(List.of("application/json;q=abc, text/event-stream"), false),
                Arguments.of(List.of("application/json-seq, text/event-stream"), false),
                Arguments.of(List.of("text/plain;x=\"application/json, text/event-stream\""), false),
                Arguments.of(List.of("application, text/event-stream"), false),
                Arguments.of(List.of("/json, text/event-stream"), false));
    }

    @ParameterizedTest(name = "{0} -> {1}")
    @MethodSource("acceptFields")
    void accept(List<String> fields, boolean acceptable) {
        assertThat(MediaTypes.acceptsJsonAndEventStream(fields)).isEqualTo(acceptable);
    }

    static Stream<Arguments> contentTypeFields() {
        return Stream.of(
                Arguments.of(List.of("application/json"), true),
                Arguments.of(List.of("application/json; charset=utf-8"), true),
                Arguments.of(List.of("APPLICATION/Json;charset=UTF-8"), true),
                Arguments.of(List.of(" application/json "), true),
                Arguments.of(List.of("application/json", "application/json"), true),
                Arguments.of(List.of(), false),
                Arguments.of(List.of(""), false),
                Arguments.of(List.of("text/plain"), false),
                Arguments.of(List.of("application/json-seq"), false),
                Arguments.of(List.of("application/jsonx"), false),
                Arguments.of(List.of("application/vnd.api+json"), false),
                Arguments.of(List.of("text/plain; x=application/json"), false),
                Arguments.of(List.of("application/json", "text/plain"), false),
                Arguments.of(List.of("application/json, text/plain"), false));
    }

    @ParameterizedTest(name = "{0} -> {1}")
    @MethodSource("contentTypeFields")
    void contentType(List<String> fields, boolean json) {
        assertThat(MediaTypes.isJson(fields)).isEqualTo(json);
    }
}
