package io.eragate.core.listen;

import static io.eragate.core.listen.TestJson.obj;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.eragate.core.session.SessionConnector;
import io.eragate.core.session.SessionKey;
import io.eragate.core.session.UpstreamSession;
import io.eragate.core.testing.MutableClock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;

class ListResultCachesTest {

    private static final ListCacheLimits LIMITS = new ListCacheLimits(Duration.ofSeconds(30), 64, 1024 * 1024);
    private static final ListCacheKey TOOLS = new ListCacheKey("tools/list", null);
    private static final ListCacheKey PROMPTS = new ListCacheKey("prompts/list", null);

    private final MutableClock clock = new MutableClock(Instant.parse("2026-07-28T12:00:00Z"));

    private static UpstreamSession session(String principal) {
        return new UpstreamSession(new SessionKey("legacy", principal, "{}", "2025-11-25"), "sid-" + principal,
                "2025-11-25", JsonNodeFactory.instance.objectNode(), Instant.EPOCH);
    }

    private static void store(ListResultCache cache, ListCacheKey key, String name) {
        cache.admit(cache.ticket(key), obj("{'tools':[{'name':'" + name + "'}],'resultType':'complete'}"));
    }

    @Test
    void eachSessionHasItsOwnCacheFromOpenToClose() {
        ListResultCaches caches = new ListResultCaches(LIMITS, clock);
        UpstreamSession alice = session("alice");
        UpstreamSession bob = session("bob");
        assertThat(caches.of(alice)).as("not open yet").isEmpty();

        caches.opened(alice);
        caches.opened(bob);
        store(caches.of(alice).orElseThrow(), TOOLS, "alice-only");

        assertThat(caches.of(bob).orElseThrow().lookup(TOOLS)).as("never across principals").isEmpty();
        ListResultCache aliceCache = caches.of(alice).orElseThrow();
        caches.closed(alice);
        assertThat(caches.of(alice)).isEmpty();
        assertThat(aliceCache.lookup(TOOLS)).as("a closed session's cache is dropped").isEmpty();
        assertThat(caches.sessions()).isEqualTo(1);
    }

    @Test
    void aListChangedDropsEntriesOfItsOwnSessionOnly() {
        ListResultCaches caches = new ListResultCaches(LIMITS, clock);
        UpstreamSession one = session("one");
        UpstreamSession two = session("two");
        caches.opened(one);
        caches.opened(two);
        store(caches.of(one).orElseThrow(), TOOLS, "t");
        store(caches.of(one).orElseThrow(), PROMPTS, "p");
        store(caches.of(two).orElseThrow(), TOOLS, "t");

        assertThat(caches.notification(one, "notifications/tools/list_changed")).isEqualTo(1);

        assertThat(caches.of(one).orElseThrow().lookup(TOOLS)).isEmpty();
        assertThat(caches.of(one).orElseThrow().lookup(PROMPTS)).isPresent();
        assertThat(caches.of(two).orElseThrow().lookup(TOOLS)).isPresent();
        assertThat(caches.notification(session("closed"), "notifications/tools/list_changed")).isZero();
    }

    @Test
    void whenTheCacheIsOffNoSessionGetsOne() {
        ListResultCaches caches = new ListResultCaches(ListCacheLimits.DISABLED, clock);
        UpstreamSession session = session("alice");

        caches.opened(session);

        assertThat(caches.of(session)).isEmpty();
        assertThat(caches.sessions()).isZero();
    }

    @Test
    void theTrackingConnectorOpensAndDropsCachesWithItsSessions() {
        ListResultCaches caches = new ListResultCaches(LIMITS, clock);
        List<UpstreamSession> closedUpstream = new ArrayList<>();
        SessionConnector inner = new SessionConnector() {
            @Override
            public CompletableFuture<UpstreamSession> open(SessionKey key, ObjectNode initializeParams) {
                return CompletableFuture.completedFuture(session(key.principal()));
            }

            @Override
            public CompletableFuture<Void> close(UpstreamSession session) {
                closedUpstream.add(session);
                return CompletableFuture.completedFuture(null);
            }
        };
        SessionConnector tracking = caches.tracking(inner);

        UpstreamSession opened = tracking.open(new SessionKey("legacy", "alice", "{}", "2025-11-25"),
                JsonNodeFactory.instance.objectNode()).join();
        assertThat(caches.of(opened)).isPresent();

        tracking.close(opened).join();
        assertThat(caches.of(opened)).isEmpty();
        assertThat(closedUpstream).containsExactly(opened);
    }
}
