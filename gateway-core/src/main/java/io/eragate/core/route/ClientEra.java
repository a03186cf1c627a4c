package io.eragate.core.route;

/** The era a client's request belongs to, as the front door classified it. */
public enum ClientEra {
    /** A 2026-07-28 request: it passed (or is about to meet) the modern ladder. */
    MODERN,
    /** A 2025-11-25-or-older request, with or without a session. */
    LEGACY
}
