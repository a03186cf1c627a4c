package io.eragate.core.legacyfront;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.eragate.core.security.KeyRing;
import io.eragate.core.security.StateSealer;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Sealed legacy client sessions: what any replica with the ring opens, and what opens to nothing. */
class LegacyClientSessionIdsTest {
    private static final byte[] OLD = "an-older-secret-of-the-ring".getBytes(StandardCharsets.UTF_8);
    private static final byte[] NEW = "the-newest-secret-of-the-ring".getBytes(StandardCharsets.UTF_8);
    private static final String ROUTE = "/mcp";
    private static final String ALICE = "https://issuer#alice";

    private static LegacyClientSessionIds ids(byte[] current, byte[]... older) {
        return new LegacyClientSessionIds(new StateSealer(KeyRing.fromSecrets(current, List.of(older))));
    }

    private static LegacyClientSession session() {
        ObjectNode caps = JsonNodeFactory.instance.objectNode();
        caps.putObject("elicitation");
        ObjectNode info = JsonNodeFactory.instance.objectNode().put("name", "client").put("version", "1.2");
        return new LegacyClientSession("2025-06-18", caps, info, ROUTE, ALICE);
    }

    @Test
    void anotherReplicaWithTheSameSecretOpensWhatOneSealed() {
        String id = ids(OLD).seal(session());

        assertThat(ids(OLD).open(id, ROUTE, ALICE)).contains(session());
    }

    @Test
    void aRotatedRingStillOpensIdsSealedWithTheOlderSecret() {
        String sealedBefore = ids(OLD).seal(session());
        LegacyClientSessionIds rotated = ids(NEW, OLD);

        assertThat(rotated.open(sealedBefore, ROUTE, ALICE)).contains(session());
        assertThat(ids(OLD).open(rotated.seal(session()), ROUTE, ALICE)).as("the new secret seals").isEmpty();
    }

    @Test
    void aTamperedIdOpensToNothing() {
        String id = ids(OLD).seal(session());
        char[] chars = id.toCharArray();
        chars[chars.length / 2] = chars[chars.length / 2] == 'A' ? 'B' : 'A';

        assertThat(ids(OLD).open(new String(chars), ROUTE, ALICE)).isEmpty();
        assertThat(ids(OLD).open("not-a-session", ROUTE, ALICE)).isEmpty();
        assertThat(ids(OLD).open("", ROUTE, ALICE)).isEmpty();
    }

    @Test
    void anIdFromAnotherRingOpensToNothing() {
        assertThat(ids(OLD).open(ids(NEW).seal(session()), ROUTE, ALICE)).isEmpty();
    }

    @Test
    void anIdPresentedOnAnotherRouteOpensToNothing() {
        assertThat(ids(OLD).open(ids(OLD).seal(session()), "/other", ALICE)).isEmpty();
    }

    @Test
    void anIdPresentedByAnotherPrincipalOpensToNothing() {
        String id = ids(OLD).seal(session());

        assertThat(ids(OLD).open(id, ROUTE, "https://issuer#mallory")).isEmpty();
        assertThat(ids(OLD).open(id, ROUTE, "anonymous")).isEmpty();
    }

    @Test
    void aPassThroughSessionIdIsNoLegacyClientSession() {
        StateSealer sealer = new StateSealer(KeyRing.fromSecrets(OLD, List.of()));
        String passThrough = new io.eragate.core.security.SealedSessionIds(sealer).seal("upstream-id", ALICE, ROUTE);

        assertThat(new LegacyClientSessionIds(sealer).open(passThrough, ROUTE, ALICE)).isEmpty();
    }

    @Test
    void aSecondOpenOfAnIdIsTheSessionTheFirstOpened() {
        LegacyClientSessionIds ids = ids(OLD);
        String id = ids.seal(session());

        LegacyClientSession first = ids.open(id, ROUTE, ALICE).orElseThrow();

        assertThat(ids.open(id, ROUTE, ALICE)).as("kept, not opened again").containsSame(first);
        assertThat(first).as("what a fresh open gives").isEqualTo(ids(OLD).open(id, ROUTE, ALICE).orElseThrow())
                .isEqualTo(session());
        assertThat(ids.cachedIds()).isEqualTo(1);
    }

    @Test
    void aKeptIdStopsOpeningOnceAReloadLeavesItsSecretOutOfTheRing() {
        StateSealer sealer = new StateSealer(KeyRing.fromSecrets(OLD, List.of()));
        LegacyClientSessionIds ids = new LegacyClientSessionIds(sealer);
        String id = ids.seal(session());
        assertThat(ids.open(id, ROUTE, ALICE)).contains(session());
        assertThat(ids.open(id, ROUTE, ALICE)).as("kept").contains(session());

        sealer.useKeys(KeyRing.fromSecrets(NEW, List.of()));

        assertThat(ids.open(id, ROUTE, ALICE)).as("the new ring refuses it").isEmpty();
        assertThat(ids.open(id, ROUTE, ALICE)).as("and keeps refusing it").isEmpty();
    }

    @Test
    void aKeptIdStillOpensAfterAReloadThatKeepsItsSecret() {
        StateSealer sealer = new StateSealer(KeyRing.fromSecrets(OLD, List.of()));
        LegacyClientSessionIds ids = new LegacyClientSessionIds(sealer);
        String id = ids.seal(session());
        LegacyClientSession first = ids.open(id, ROUTE, ALICE).orElseThrow();

        sealer.useKeys(KeyRing.fromSecrets(NEW, List.of(OLD)));

        assertThat(ids.open(id, ROUTE, ALICE)).contains(first);
    }

    @Test
    void aKeptIdOpensToNothingOnAnotherRouteOrForAnotherPrincipal() {
        LegacyClientSessionIds ids = ids(OLD);
        String id = ids.seal(session());
        assertThat(ids.open(id, ROUTE, ALICE)).contains(session());

        assertThat(ids.open(id, "/other", ALICE)).isEmpty();
        assertThat(ids.open(id, ROUTE, "https://issuer#mallory")).isEmpty();
        assertThat(ids.open(id, ROUTE, "anonymous")).isEmpty();
        assertThat(ids.open(id, ROUTE, ALICE)).as("still the owner's").contains(session());
        assertThat(ids.cachedIds()).as("what did not open is not kept").isEqualTo(1);
    }

    @Test
    void theCacheKeepsAtMostItsBoundInIdCharacters() {
        LegacyClientSessionIds ids = ids(OLD);
        int sessions = 0;
        long chars = 0;
        while (chars < 2 * LegacyClientSessionIds.MAX_CACHED_ID_CHARS) {
            ObjectNode info = JsonNodeFactory.instance.objectNode().put("name", "client-" + sessions);
            String id = ids.seal(new LegacyClientSession("2025-06-18", JsonNodeFactory.instance.objectNode(), info,
                    ROUTE, ALICE));
            assertThat(ids.open(id, ROUTE, ALICE)).isPresent();
            chars += id.length();
            sessions++;
        }

        assertThat(ids.cachedIds()).isPositive().isLessThan(sessions);
    }
}
