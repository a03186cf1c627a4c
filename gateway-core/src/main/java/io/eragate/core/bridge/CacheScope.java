package io.eragate.core.bridge;

/** The 2026-07-28 {@code cacheScope} of a cacheable result. */
public enum CacheScope {
    /** Anyone, shared caches included, may serve the result to any user. */
    PUBLIC("public"),
    /** Reuse only within the same authorization context. */
    PRIVATE("private");

    private final String wireValue;

    CacheScope(String wireValue) {
        this.wireValue = wireValue;
    }

    /** The value as it appears on the wire. */
    public String wireValue() {
        return wireValue;
    }
}
