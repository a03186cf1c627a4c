package io.eragate.core.bridge;

import io.eragate.core.mcp.Methods;
import java.util.Objects;
import java.util.Set;

/**
 * The caching hints Eragate puts on cacheable results it synthesizes or stamps for a legacy upstream, which gives
 * none. Legacy lists may vary per session, so the default is {@code ttlMs: 0} with scope {@code private}.
 *
 * @param ttlMs how long, in milliseconds, a client may reuse the result; 0 means stale at once
 * @param scope who may reuse it
 */
public record CacheHints(long ttlMs, CacheScope scope) {

    /** {@code ttlMs: 0}, {@code cacheScope: "private"}. */
    public static final CacheHints DEFAULT = new CacheHints(0, CacheScope.PRIVATE);

    /** Methods whose complete results must carry {@code ttlMs} and {@code cacheScope} (2026-07-28 caching rules). */
    public static final Set<String> CACHEABLE_METHODS = Set.of(
            Methods.SERVER_DISCOVER, Methods.TOOLS_LIST, Methods.PROMPTS_LIST, Methods.RESOURCES_LIST,
            Methods.RESOURCES_TEMPLATES_LIST, Methods.RESOURCES_READ);

    public CacheHints {
        Objects.requireNonNull(scope, "scope");
        if (ttlMs < 0) {
            throw new IllegalArgumentException("ttlMs must be >= 0, got " + ttlMs);
        }
    }
}
