package io.eragate.core.route;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class NameGlobTest {

    @ParameterizedTest(name = "{0} ~ {1} -> {2}")
    @CsvSource(delimiter = '|', value = {
        "add            | add                | true",
        "add            | addition           | false",
        "add            | Add                | false",
        "tools/*        | tools/call         | true",
        "tools/*        | tools/             | true",
        "tools/*        | prompts/get        | false",
        "resources/*    | resources/templates/list | true",
        "file://*       | file:///etc/hosts  | true",
        "file://*       | https://x          | false",
        "get_?          | get_a              | true",
        "get_?          | get_               | false",
        "*_admin        | db_admin           | true",
        "*_admin        | db_admin_x         | false",
        "a*b*c          | aXXbYYc            | true",
        "a*b*c          | aXXbYY             | false",
        "***            | ''                 | true",
        "\\*            | *                  | true",
        "\\*            | x                  | false",
        "a\\?           | a?                 | true",
        "a\\?           | ab                 | false",
    })
    void matches(String glob, String value, boolean expected) {
        assertThat(NameGlob.of(glob.strip()).matches(value.strip())).isEqualTo(expected);
    }

    @Test
    void absentNameMatchesNothing() {
        assertThat(NameGlob.any().matches(null)).isFalse();
    }

    @Test
    void longHostileValueIsMatchedQuickly() {
        String value = "a".repeat(100_000);
        assertThat(NameGlob.of("*a*a*a*a*a*a*a*b").matches(value)).isFalse();
    }

    @Test
    void literalHasNoWildcard() {
        assertThat(NameGlob.of("add").isLiteral()).isTrue();
        assertThat(NameGlob.of("a\\*").isLiteral()).isTrue();
        assertThat(NameGlob.of("a*").isLiteral()).isFalse();
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "abc\\"})
    void refusesUnusableGlobs(String glob) {
        assertThatThrownBy(() -> NameGlob.of(glob)).isInstanceOf(IllegalArgumentException.class);
    }
}
