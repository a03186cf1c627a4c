package io.eragate.core.security;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Sealed pass-through session ids: bound to principal and upstream, opened by any replica with the ring. */
class SealedSessionIdsTest {
    private static final byte[] SECRET = "a-shared-secret-of-the-fleet".getBytes(StandardCharsets.UTF_8);

    private final SealedSessionIds replicaA = new SealedSessionIds(StateSealer.fromSecret(SECRET));
    private final SealedSessionIds replicaB = new SealedSessionIds(StateSealer.fromSecret(SECRET));

    @Test
    void anyReplicaWithTheRingOpensItForTheSamePrincipalAndUpstream() {
        String sealed = replicaA.seal("upstream-session-1", "https://as#alice", "crm");

        assertThat(sealed).doesNotContain("upstream-session-1");
        assertThat(replicaB.open(sealed, "https://as#alice", "crm")).hasValue("upstream-session-1");
    }

    @Test
    void anotherPrincipalOrUpstreamOrAnyAlterationOpensNothing() {
        String sealed = replicaA.seal("upstream-session-1", "https://as#alice", "crm");
        String altered = (sealed.charAt(20) == 'A' ? "B" : "A");

        assertThat(replicaB.open(sealed, "https://as#bob", "crm")).isEmpty();
        assertThat(replicaB.open(sealed, "https://as#alice", "tickets")).isEmpty();
        for (String bad : List.of(sealed.substring(0, 20) + altered + sealed.substring(21), "", "x",
                "upstream-session-1", sealed + "A")) {
            assertThat(replicaB.open(bad, "https://as#alice", "crm")).as(bad).isEmpty();
        }
        assertThat(new SealedSessionIds(StateSealer.random()).open(sealed, "https://as#alice", "crm")).isEmpty();
    }

    @Test
    void aRequestStateSealedWithTheSameRingIsNoSessionId() {
        StateSealer ring = StateSealer.fromSecret(SECRET);
        String otherUse = ring.seal("https://as#alice\ncrm\nx".getBytes(StandardCharsets.UTF_8));

        assertThat(new SealedSessionIds(ring).open(otherUse, "https://as#alice", "crm")).isEmpty();
    }
}
