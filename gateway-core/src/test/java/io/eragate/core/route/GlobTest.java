package io.eragate.core.route;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class GlobTest {

    @ParameterizedTest(name = "{0} ~ {1} = {2}")
    @CsvSource(textBlock = """
        delete_*,   delete_user,  true
        delete_*,   delete_,      true
        delete_*,   undelete_x,   false
        *,          anything,     true
        tools/call, tools/call,   true
        tools/call, tools/callx,  false
        tools/*,    tools/list,   true
        *_user,     delete_user,  true
        a*b*c,      axxbyyc,      true
        a*b*c,      axxbyy,       false
        Delete_*,   delete_user,  false
        """)
    void matchesTheWholeText(String pattern, String text, boolean matches) {
        assertThat(Glob.of(pattern).matches(text)).isEqualTo(matches);
    }
}
