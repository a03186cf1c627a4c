package io.eragate.core.mcp;

/** The two protocol eras Eragate joins. */
public enum Era {
    /** 2026-07-28: stateless, per-request {@code _meta} envelope, no sessions. */
    MODERN,
    /** 2025-11-25 and earlier: {@code initialize} handshake and sessions. */
    LEGACY
}
