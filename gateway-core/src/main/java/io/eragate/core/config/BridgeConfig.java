package io.eragate.core.config;

import java.time.Duration;
import java.util.Objects;

/**
 * The legacy bridge: pooled upstream sessions that serve 2026-07-28 clients from 2025-11-25 servers. Defaults and
 * ranges are set in {@code ConfigReader#bridge} and listed in {@code docs/configuration.md}.
 *
 * @param maxSessions           pooled upstream sessions across all upstreams (default 1000, 1..1000000)
 * @param sessionIdleExpiry     an unused pooled session is closed (DELETE) after this (default 10m, 1s..24h)
 * @param maxInFlightPerSession requests one pooled session carries at once (default 256, 1..100000)
 * @param initializeTimeout     time for an upstream {@code initialize} handshake (default 10s, 1ms..24h)
 * @param cacheTtl              {@code ttlMs} stamped on bridged cacheable results (default 0ms, 0ms..24h); on a list
 *                              result at most what is left of its time in the list cache
 * @param cacheScope            {@code cacheScope} stamped on bridged cacheable results (default private)
 * @param sessionStrategy       {@code pooled} (default), or {@code per-call}: a fresh {@code initialize} for every
 *                              request, which exists only to benchmark the pool against that strategy
 * @param listCacheTtl          how long a pooled session answers {@code tools/list} (and the other lists) from its own
 *                              cache unless a matching {@code list_changed} drops the entry first (default 30s,
 *                              0ms..24h; 0 disables the cache)
 * @param listCacheMaxEntries   list results one session's cache holds (default 64, 1..10000)
 * @param listCacheMaxBytes     JSON bytes of list results one session's cache holds (default 256KiB, 1KiB..256MiB)
 */
public record BridgeConfig(int maxSessions, Duration sessionIdleExpiry, int maxInFlightPerSession,
        Duration initializeTimeout, Duration cacheTtl, CacheScopeSetting cacheScope, SessionStrategy sessionStrategy,
        Duration listCacheTtl, int listCacheMaxEntries, long listCacheMaxBytes) {

    public BridgeConfig {
        Objects.requireNonNull(sessionIdleExpiry, "sessionIdleExpiry");
        Objects.requireNonNull(initializeTimeout, "initializeTimeout");
        Objects.requireNonNull(cacheTtl, "cacheTtl");
        Objects.requireNonNull(cacheScope, "cacheScope");
        Objects.requireNonNull(sessionStrategy, "sessionStrategy");
        Objects.requireNonNull(listCacheTtl, "listCacheTtl");
    }

    /** Every key at its default. */
    public static BridgeConfig defaults() {
        return ConfigReader.DEFAULT_BRIDGE;
    }

    /** A copy with the list cache settings replaced; {@code ttl} 0 disables the cache. */
    public BridgeConfig withListCache(Duration ttl, int maxEntries, long maxBytes) {
        return new BridgeConfig(maxSessions, sessionIdleExpiry, maxInFlightPerSession, initializeTimeout, cacheTtl,
                cacheScope, sessionStrategy, ttl, maxEntries, maxBytes);
    }

    /** The {@code cacheScope} values; YAML {@code public} or {@code private}. */
    public enum CacheScopeSetting { PUBLIC, PRIVATE }

    /** How upstream sessions are used; YAML {@code pooled} or {@code per-call}. */
    public enum SessionStrategy { POOLED, PER_CALL }
}
