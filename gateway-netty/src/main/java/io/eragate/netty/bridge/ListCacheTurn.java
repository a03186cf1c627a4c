package io.eragate.netty.bridge;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.eragate.core.jsonrpc.JsonRpcRequest;
import io.eragate.core.listen.ListCacheKey;
import io.eragate.core.listen.ListResultCache;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * A bridged request's turn at its upstream session's list cache: a list the cache holds is answered from it; a list
 * it misses keeps a ticket, so that the upstream's result may be stored (unless the list changed meanwhile); any other
 * request, or a session without a cache, passes by.
 *
 * @param hit the cached result, when the cache held it
 * @param cache the cache that missed, or {@code null}
 * @param ticket the ticket to store the result with, or {@code null}
 */
record ListCacheTurn(Optional<ObjectNode> hit, ListResultCache cache, ListResultCache.Ticket ticket) {
    /** The turn of a request the cache has nothing to do with. */
    static final ListCacheTurn NONE = new ListCacheTurn(Optional.empty(), null, null);

    /** Looks {@code request} up in the cache {@code sessionCache} gives (asked only for a cacheable list request). */
    static ListCacheTurn take(JsonRpcRequest request, Supplier<Optional<ListResultCache>> sessionCache) {
        Optional<ListCacheKey> key = ListCacheKey.of(request.method(), request.params());
        Optional<ListResultCache> cache = key.flatMap(ignored -> sessionCache.get());
        if (cache.isEmpty()) {
            return NONE;
        }
        Optional<ObjectNode> cached = cache.get().lookup(key.get());
        if (cached.isPresent()) {
            return new ListCacheTurn(cached, null, null);
        }
        return new ListCacheTurn(Optional.empty(), cache.get(), cache.get().ticket(key.get()));
    }

    /** The upstream's (stamped) {@code result}: stored in the cache when this turn missed it, as the cache keeps it. */
    ObjectNode admit(ObjectNode result) {
        return ticket == null ? result : cache.admit(ticket, result);
    }
}
