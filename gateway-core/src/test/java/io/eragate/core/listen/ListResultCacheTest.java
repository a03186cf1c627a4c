package io.eragate.core.listen;

import static io.eragate.core.listen.TestJson.obj;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.eragate.core.testing.MutableClock;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class ListResultCacheTest {

    private static final ListCacheKey TOOLS = new ListCacheKey("tools/list", null);
    private static final ListCacheKey TOOLS_PAGE_2 = new ListCacheKey("tools/list", "page-2");
    private static final ListCacheKey PROMPTS = new ListCacheKey("prompts/list", null);
    private static final ListCacheKey RESOURCES = new ListCacheKey("resources/list", null);
    private static final ListCacheKey TEMPLATES = new ListCacheKey("resources/templates/list", null);

    private final MutableClock clock = new MutableClock(Instant.parse("2026-07-28T12:00:00Z"));

    private ListResultCache cache(Duration ttl, int maxEntries, long maxBytes) {
        return new ListResultCache(new ListCacheLimits(ttl, maxEntries, maxBytes), clock);
    }

    private ListResultCache cache() {
        return cache(Duration.ofSeconds(30), 64, 1024 * 1024);
    }

    private static ObjectNode result(String name, long ttlMs) {
        return obj("{'tools':[{'name':'" + name + "'}],'resultType':'complete','ttlMs':" + ttlMs
                + ",'cacheScope':'private'}");
    }

    private static void store(ListResultCache cache, ListCacheKey key, ObjectNode result) {
        cache.admit(cache.ticket(key), result);
    }

    @Test
    void aStoredResultIsAHitForItsMethodAndCursorOnly() {
        ListResultCache cache = cache();
        assertThat(cache.lookup(TOOLS)).as("empty cache").isEmpty();

        store(cache, TOOLS, result("echo", 0));

        assertThat(cache.lookup(TOOLS)).hasValue(result("echo", 0));
        assertThat(cache.lookup(TOOLS_PAGE_2)).as("another page").isEmpty();
        assertThat(cache.lookup(PROMPTS)).as("another method").isEmpty();
    }

    @Test
    void aHitIsACopyTheCallerMayChange() {
        ListResultCache cache = cache();
        store(cache, TOOLS, result("echo", 0));

        cache.lookup(TOOLS).orElseThrow().put("resultType", "changed");

        assertThat(cache.lookup(TOOLS)).hasValue(result("echo", 0));
    }

    @Test
    void anEntryExpiresAfterTheTtl() {
        ListResultCache cache = cache(Duration.ofSeconds(30), 64, 1024 * 1024);
        store(cache, TOOLS, result("echo", 0));

        clock.advance(Duration.ofMillis(29_999));
        assertThat(cache.lookup(TOOLS)).as("just before the ttl").isPresent();
        clock.advance(Duration.ofMillis(1));
        assertThat(cache.lookup(TOOLS)).as("at the ttl").isEmpty();
        assertThat(cache.size()).as("the expired entry was dropped").isZero();
        assertThat(cache.bytes()).isZero();
    }

    @Test
    void theTtlMsGivenToAClientIsNeverMoreThanWhatIsLeftHere() {
        ListResultCache cache = cache(Duration.ofSeconds(30), 64, 1024 * 1024);

        ObjectNode answered = cache.admit(cache.ticket(TOOLS), result("echo", 60_000));
        assertThat(answered.path("ttlMs").asLong()).as("a stamped ttl above the cache's own").isEqualTo(30_000);

        clock.advance(Duration.ofSeconds(20));
        assertThat(cache.lookup(TOOLS).orElseThrow().path("ttlMs").asLong()).isEqualTo(10_000);

        ListResultCache shorter = cache(Duration.ofSeconds(30), 64, 1024 * 1024);
        store(shorter, PROMPTS, result("p", 5_000));
        clock.advance(Duration.ofSeconds(20));
        assertThat(shorter.lookup(PROMPTS).orElseThrow().path("ttlMs").asLong()).as("a stamped ttl below it")
                .isEqualTo(5_000);
    }

    @Test
    void aDisabledCacheStoresNothingAndLeavesTheTtlAlone() {
        ListResultCache cache = new ListResultCache(ListCacheLimits.DISABLED, clock);

        ObjectNode answered = cache.admit(cache.ticket(TOOLS), result("echo", 60_000));

        assertThat(answered).isEqualTo(result("echo", 60_000));
        assertThat(cache.lookup(TOOLS)).isEmpty();
    }

    @Test
    void theLeastRecentlyUsedEntryLeavesBeyondTheEntryBound() {
        ListResultCache cache = cache(Duration.ofSeconds(30), 2, 1024 * 1024);
        store(cache, TOOLS, result("t", 0));
        store(cache, PROMPTS, result("p", 0));
        cache.lookup(TOOLS);

        store(cache, RESOURCES, result("r", 0));

        assertThat(cache.size()).isEqualTo(2);
        assertThat(cache.lookup(PROMPTS)).as("least recently used").isEmpty();
        assertThat(cache.lookup(TOOLS)).isPresent();
        assertThat(cache.lookup(RESOURCES)).isPresent();
    }

    @Test
    void theByteBoundEvictsOldEntriesAndATooLargeResultIsAnsweredButNotKept() {
        int oneEntry = result("aaaa", 0).toString().length();
        ListResultCache cache = cache(Duration.ofSeconds(30), 64, oneEntry * 2L);
        store(cache, TOOLS, result("aaaa", 0));
        store(cache, PROMPTS, result("bbbb", 0));
        assertThat(cache.bytes()).isEqualTo(oneEntry * 2L);

        store(cache, RESOURCES, result("cccc", 0));
        assertThat(cache.lookup(TOOLS)).as("evicted for bytes").isEmpty();
        assertThat(cache.bytes()).isEqualTo(oneEntry * 2L);

        ObjectNode huge = result("x".repeat(oneEntry * 2), 0);
        ObjectNode answered = cache.admit(cache.ticket(TEMPLATES), huge);
        assertThat(answered.path("tools")).isEqualTo(huge.path("tools"));
        assertThat(cache.lookup(TEMPLATES)).isEmpty();
        assertThat(cache.lookup(PROMPTS)).as("a result too large to keep evicts nothing").isPresent();
        assertThat(cache.lookup(RESOURCES)).isPresent();
    }

    @Test
    void eachListChangedDropsOnlyItsOwnLists() {
        ListResultCache cache = cache();
        for (ListCacheKey key : new ListCacheKey[] {TOOLS, TOOLS_PAGE_2, PROMPTS, RESOURCES, TEMPLATES}) {
            store(cache, key, result(key.method(), 0));
        }

        assertThat(cache.invalidate("notifications/tools/list_changed")).isEqualTo(2);
        assertThat(cache.lookup(TOOLS)).isEmpty();
        assertThat(cache.lookup(TOOLS_PAGE_2)).isEmpty();
        assertThat(cache.lookup(PROMPTS)).isPresent();
        assertThat(cache.lookup(RESOURCES)).isPresent();

        assertThat(cache.invalidate("notifications/resources/list_changed")).as("resources and templates")
                .isEqualTo(2);
        assertThat(cache.lookup(RESOURCES)).isEmpty();
        assertThat(cache.lookup(TEMPLATES)).isEmpty();
        assertThat(cache.lookup(PROMPTS)).isPresent();

        assertThat(cache.invalidate("notifications/resources/updated")).isZero();
        assertThat(cache.invalidate("notifications/prompts/list_changed")).isEqualTo(1);
        assertThat(cache.size()).isZero();
        assertThat(cache.bytes()).isZero();
    }

    @Test
    void aResultAskedForBeforeAMatchingListChangedIsNotStored() {
        ListResultCache cache = cache();
        ListResultCache.Ticket tools = cache.ticket(TOOLS);
        ListResultCache.Ticket prompts = cache.ticket(PROMPTS);

        cache.invalidate("notifications/tools/list_changed");
        ObjectNode answered = cache.admit(tools, result("old", 0));
        cache.admit(prompts, result("p", 0));

        assertThat(answered.path("tools").get(0).path("name").asText()).as("still answered").isEqualTo("old");
        assertThat(cache.lookup(TOOLS)).as("may predate the change").isEmpty();
        assertThat(cache.lookup(PROMPTS)).as("another list's change does not matter").isPresent();
        store(cache, TOOLS, result("new", 0));
        assertThat(cache.lookup(TOOLS)).as("a request sent after the change").isPresent();
    }

    @Test
    void onlyCompleteResultsAreStored() {
        ListResultCache cache = cache();

        cache.admit(cache.ticket(TOOLS), obj("{'resultType':'input_required','inputRequests':{}}"));

        assertThat(cache.lookup(TOOLS)).isEmpty();
    }

    @Test
    void aClosedCacheIsEmptyAndStoresNothingMore() {
        ListResultCache cache = cache();
        store(cache, TOOLS, result("echo", 0));
        ListResultCache.Ticket inFlight = cache.ticket(PROMPTS);

        cache.close();
        cache.admit(inFlight, result("p", 0));

        assertThat(cache.lookup(TOOLS)).isEmpty();
        assertThat(cache.lookup(PROMPTS)).isEmpty();
        assertThat(cache.size()).isZero();
        assertThat(cache.bytes()).isZero();
    }

    @Test
    void storingAKeyAgainReplacesItsEntry() {
        ListResultCache cache = cache();
        store(cache, TOOLS, result("old", 0));
        store(cache, TOOLS, result("new", 0));

        assertThat(cache.size()).isEqualTo(1);
        assertThat(cache.bytes()).isEqualTo(result("new", 0).toString().length());
        assertThat(cache.lookup(TOOLS).map(r -> r.path("tools").get(0).path("name").asText()))
                .isEqualTo(Optional.of("new"));
    }
}
