package io.eragate.core.route;

/** The exchange that serves a request once its upstream is known: the "back" of the era matrix. */
public enum Back {
    /** The validated request's original bytes to a modern upstream. */
    MODERN_PASS_THROUGH,
    /** A legacy client's request, unchanged, to a legacy Streamable HTTP upstream. */
    LEGACY_PASS_THROUGH,
    /** The bridge: a pooled legacy session with a synthesized {@code initialize}. */
    BRIDGE,
    /** {@code subscriptions/listen} served from a legacy upstream's GET stream and session. */
    BRIDGE_LISTEN,
    /** A shared session of a process (stdio) or of a 2024-11-05 HTTP+SSE upstream. */
    SESSION,
    /**
     * The legacy client front: a legacy client's session served by the gateway, each of its requests turned into one
     * modern request that the modern row's back serves (modern pass-through, bridge, session), its answer turned back.
     */
    LEGACY_FRONT,
    /** The upstream's era is not known: the client gets the probe's error. */
    ERA_UNKNOWN
}
