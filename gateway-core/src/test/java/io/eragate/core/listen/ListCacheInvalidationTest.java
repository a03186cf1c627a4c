package io.eragate.core.listen;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class ListCacheInvalidationTest {

    @Test
    void mapsEachListChangedToTheListsItInvalidates() {
        assertThat(ListCacheInvalidation.invalidatedBy("notifications/tools/list_changed"))
                .containsExactly("tools/list");
        assertThat(ListCacheInvalidation.invalidatedBy("notifications/prompts/list_changed"))
                .containsExactly("prompts/list");
        assertThat(ListCacheInvalidation.invalidatedBy("notifications/resources/list_changed"))
                .containsExactlyInAnyOrder("resources/list", "resources/templates/list");
    }

    @Test
    void otherNotificationsInvalidateNothing() {
        assertThat(ListCacheInvalidation.invalidatedBy("notifications/resources/updated")).isEmpty();
        assertThat(ListCacheInvalidation.invalidatedBy("notifications/roots/list_changed")).isEmpty();
        assertThat(ListCacheInvalidation.invalidatedBy("notifications/message")).isEmpty();
    }
}
