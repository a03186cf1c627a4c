package io.eragate.netty.federation;

import static org.assertj.core.api.Assertions.assertThat;

import io.eragate.core.auth.Principal;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

class InternalEndpointTest {

    private static final Principal ALICE = new Principal("https://as.example.com", "alice", Set.of("mcp"), Map.of());

    @Test
    void aLentPrincipalIsTakenOnceByItsHandle() {
        InternalEndpoint endpoint = new InternalEndpoint();
        String handle = endpoint.lend(ALICE);

        assertThat(endpoint.take(handle)).isEqualTo(ALICE);
        assertThat(endpoint.take(handle)).as("a handle serves one leg only").isNull();
        assertThat(endpoint.lentCount()).isZero();
    }

    @Test
    void unknownOrMissingHandlesGetNoPrincipal() {
        InternalEndpoint endpoint = new InternalEndpoint();
        endpoint.lend(ALICE);

        assertThat(endpoint.take(null)).isNull();
        assertThat(endpoint.take("00")).isNull();
    }

    @Test
    void aLegThatNeverArrivedGivesItsPrincipalBack() {
        InternalEndpoint endpoint = new InternalEndpoint();
        String first = endpoint.lend(ALICE);
        String second = endpoint.lend(Principal.ANONYMOUS);
        assertThat(first).isNotEqualTo(second);

        endpoint.giveBack(first);
        endpoint.giveBack(second);

        assertThat(endpoint.lentCount()).isZero();
        assertThat(endpoint.take(first)).isNull();
    }
}
