package io.eragate.core.route;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class ExposedNamesTest {

    @Test
    void prefixesAndReadsBack() {
        String exposed = ExposedNames.expose(NamingMode.PREFIXED, "files", "read_file", 64).orElseThrow();
        assertThat(exposed).isEqualTo("files_read_file");
        assertThat(ExposedNames.unprefix(List.of("github", "files"), exposed))
                .contains(new Owned("files", "read_file"));
    }

    @Test
    void asIsKeepsTheName() {
        assertThat(ExposedNames.expose(NamingMode.AS_IS, "files", "read_file", 64)).contains("read_file");
    }

    @Test
    void shortensStablyWithinTheCapAndKeepsTheSpecCharacters() {
        String name = "a_really_long_tool_name_that_some_server_generates_from_an_openapi_operation_id";
        String first = ExposedNames.expose(NamingMode.PREFIXED, "github", name, 64).orElseThrow();
        assertThat(first).hasSize(64).startsWith("github_a_really_long").matches("[A-Za-z0-9_.-]+");
        assertThat(ExposedNames.expose(NamingMode.PREFIXED, "github", name, 64)).contains(first);
        assertThat(ExposedNames.mayBeShortened(first, 64)).isTrue();
        // Two long names sharing their head still differ: the hash is of the whole name.
        String sibling = ExposedNames.expose(NamingMode.PREFIXED, "github", name + "_v2", 64).orElseThrow();
        assertThat(sibling).hasSize(64).isNotEqualTo(first);
        // The spec's own 128 limit as a cap.
        assertThat(ExposedNames.expose(NamingMode.PREFIXED, "github", name, 128))
                .contains("github_" + name);
    }

    @Test
    void refusesWhatCannotBeShownWithinTheCap() {
        String upstream = "u".repeat(60);
        assertThat(ExposedNames.expose(NamingMode.PREFIXED, upstream, "tool_with_a_name", 64)).isEmpty();
        assertThat(ExposedNames.expose(NamingMode.AS_IS, upstream, "t".repeat(65), 64)).isEmpty();
    }

    @Test
    void overlappingPrefixesAreDetected() {
        assertThat(ExposedNames.prefixesOverlap("a", "a_b")).isTrue();
        assertThat(ExposedNames.prefixesOverlap("a", "a")).isTrue();
        assertThat(ExposedNames.prefixesOverlap("a", "ab")).isFalse();
        assertThat(ExposedNames.prefixesOverlap("files", "github")).isFalse();
    }
}
