package io.eragate.core.route;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;

class FederatedCursorTest {

    private static final List<String> UPSTREAMS = List.of("a", "b", "c");

    @Test
    void encodesEveryUpstreamCursorAndReadsThemBackInRouteOrder() {
        Map<String, String> pending = new LinkedHashMap<>();
        pending.put("c", "their=cursor/with?odd&chars");
        pending.put("a", null);
        String cursor = FederatedCursor.encode(pending);

        assertThat(cursor).startsWith("efc1.").matches("[A-Za-z0-9._-]+");
        Map<String, String> decoded = FederatedCursor.decode(cursor, UPSTREAMS).orElseThrow();
        assertThat(decoded.keySet()).containsExactly("a", "c");
        assertThat(decoded.get("c")).isEqualTo("their=cursor/with?odd&chars");
        assertThat(decoded.get("a")).isNull();
    }

    @Test
    void noPendingUpstreamMeansNoCursor() {
        assertThat(FederatedCursor.encode(Map.of())).isNull();
        assertThat(FederatedCursor.firstPage(UPSTREAMS)).containsOnlyKeys("a", "b", "c");
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "p2", "efc1.", "efc1.!!!", "efc1.W10", "efc1.eyJ6Ijoi eCJ9",
            "efc1.eyJ6IjoieCJ9", "efc1.eyJhIjoxfQ"})
    void refusesCursorsThatAreNotOursOrNameOtherUpstreams(String cursor) {
        // W10 is [], eyJ6IjoieCJ9 is {"z":"x"} (no such upstream), eyJhIjoxfQ is {"a":1} (not a string)
        assertThat(FederatedCursor.decode(cursor, UPSTREAMS)).isEmpty();
    }
}
