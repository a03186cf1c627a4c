package io.eragate.netty.upstream;

import io.eragate.core.mcp.McpHeaders;
import io.eragate.core.security.SealedSessionIds;
import io.netty.handler.codec.http.HttpHeaders;
import java.util.Optional;

/**
 * The session ids of one passed-through request: the client's sealed {@code Mcp-Session-Id} is opened (for this
 * principal and upstream) before the request goes upstream, and the upstream's id is sealed on the way back. When the
 * upstream answers with the id the client presented, the client gets its own sealed id back unchanged.
 */
public final class PassThroughSessions {
    private final SealedSessionIds ids;
    private final String principal;
    private final String upstream;
    private String presented;
    private String opened;

    /** The sessions of {@code principal}'s request to {@code upstream}. */
    public PassThroughSessions(SealedSessionIds ids, String principal, String upstream) {
        this.ids = ids;
        this.principal = principal;
        this.upstream = upstream;
    }

    /**
     * Replaces a presented sealed id in {@code headers} with the upstream's own.
     *
     * @return false when the presented id does not open for this principal and upstream (answer 404)
     */
    public boolean unseal(HttpHeaders headers) {
        presented = headers.get(McpHeaders.SESSION_ID);
        if (presented == null) {
            return true;
        }
        Optional<String> upstreamId = ids.open(presented, principal, upstream);
        if (upstreamId.isEmpty()) {
            return false;
        }
        opened = upstreamId.get();
        headers.set(McpHeaders.SESSION_ID, opened);
        return true;
    }

    /** The id the client gets for the upstream's {@code upstreamId}. */
    public String seal(String upstreamId) {
        return upstreamId.equals(opened) ? presented : ids.seal(upstreamId, principal, upstream);
    }
}
