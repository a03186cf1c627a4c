package io.eragate.core.route;

/** What an upstream speaks, as far as choosing the exchange goes; HTTP upstreams learn it by probing. */
public enum UpstreamShape {
    /** 2026-07-28 over HTTP. */
    MODERN_HTTP,
    /**
     * 2026-07-28 over HTTP, and a 2025-11-25 {@code initialize} answered too (probed once): the upstream serves both
     * eras itself, so a legacy client's traffic passes through to it.
     */
    DUAL_HTTP,
    /** 2025-11-25 (or older) Streamable HTTP. */
    LEGACY_HTTP,
    /** Only the 2024-11-05 HTTP+SSE transport. */
    LEGACY_SSE,
    /** A local process on stdin/stdout, of either era (the process upstream handles its era itself). */
    STDIO,
    /** An HTTP upstream whose era could not be learned (unreachable, refusing, or ambiguous). */
    UNKNOWN
}
