package io.eragate.netty.bridge;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.eragate.core.jsonrpc.JsonRpcId;
import io.eragate.core.jsonrpc.JsonRpcRequest;
import io.eragate.core.listen.ListCacheLimits;
import io.eragate.core.listen.ListResultCache;
import io.eragate.core.mcp.Methods;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** A bridged request's turn at its session's list cache. */
class ListCacheTurnTest {
    private final ListResultCache cache = new ListResultCache(new ListCacheLimits(Duration.ofMinutes(1), 16,
            1 << 20), Clock.fixed(Instant.EPOCH, ZoneOffset.UTC));

    private static JsonRpcRequest request(String method) {
        return new JsonRpcRequest(JsonRpcId.of(1), method, JsonNodeFactory.instance.objectNode());
    }

    private static ObjectNode tools(String name) {
        ObjectNode result = JsonNodeFactory.instance.objectNode();
        result.putArray("tools").addObject().put("name", name);
        return result;
    }

    @Test
    void aMissKeepsATicketSoTheUpstreamsResultIsStoredAndTheNextTurnHitsIt() {
        ListCacheTurn miss = ListCacheTurn.take(request(Methods.TOOLS_LIST), () -> Optional.of(cache));
        assertThat(miss.hit()).isEmpty();

        miss.admit(tools("echo"));
        ListCacheTurn next = ListCacheTurn.take(request(Methods.TOOLS_LIST), () -> Optional.of(cache));

        assertThat(next.hit()).isPresent();
        assertThat(next.hit().get().at("/tools/0/name").asText()).isEqualTo("echo");
    }

    @Test
    void aRequestThatIsNoListNeitherAsksForTheCacheNorStoresItsResult() {
        ListCacheTurn turn = ListCacheTurn.take(request(Methods.TOOLS_CALL), () -> {
            throw new AssertionError("the cache is not asked for a call");
        });

        ObjectNode result = tools("echo");
        assertThat(turn).isSameAs(ListCacheTurn.NONE);
        assertThat(turn.admit(result)).isSameAs(result);
        assertThat(cache.size()).isZero();
    }

    @Test
    void aSessionWithoutACachePassesTheResultThrough() {
        ListCacheTurn turn = ListCacheTurn.take(request(Methods.TOOLS_LIST), Optional::empty);

        ObjectNode result = tools("echo");
        assertThat(turn.admit(result)).isSameAs(result);
    }
}
