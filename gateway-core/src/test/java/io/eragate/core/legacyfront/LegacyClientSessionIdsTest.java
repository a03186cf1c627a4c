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
}
