package io.eragate.core.session;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class SessionKeyTest {

    @Test
    void everyPartTellsKeysApart() {
        SessionKey key = new SessionKey("u", SessionKey.ANONYMOUS, "{}", "2025-11-25");

        assertThat(key).isEqualTo(new SessionKey("u", "anonymous", "{}", "2025-11-25"));
        assertThat(key).isNotEqualTo(new SessionKey("v", "anonymous", "{}", "2025-11-25"));
        assertThat(key).isNotEqualTo(new SessionKey("u", "alice", "{}", "2025-11-25"));
        assertThat(key).isNotEqualTo(new SessionKey("u", "anonymous", "{\"roots\":{}}", "2025-11-25"));
        assertThat(key).isNotEqualTo(new SessionKey("u", "anonymous", "{}", "2025-06-18"));
    }

    @Test
    void noPartMayBeMissing() {
        assertThatThrownBy(() -> new SessionKey(null, "a", "{}", "v")).isInstanceOf(NullPointerException.class);
        assertThatThrownBy(() -> new SessionKey("u", null, "{}", "v")).isInstanceOf(NullPointerException.class);
        assertThatThrownBy(() -> new SessionKey("u", "a", null, "v")).isInstanceOf(NullPointerException.class);
        assertThatThrownBy(() -> new SessionKey("u", "a", "{}", null)).isInstanceOf(NullPointerException.class);
    }
}
