package io.eragate.netty.testing;

/** How {@link LegacyFixtureUpstream} answers a request carrying a session id it does not know (expired, deleted). */
public enum UnknownSessionReply {
    /** What the spec asks for and the TypeScript SDK's own transport sends: 404, {@code -32001 "Session not found"}. */
    NOT_FOUND_404,
    /** What server-everything sends: 400, {@code -32000 "Bad Request: No valid session ID provided"}. */
    BAD_REQUEST_400
}
