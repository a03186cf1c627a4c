package io.eragate.core.legacyfront;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Objects;

/**
 * What is fixed for one legacy client's session from its {@code initialize} on: all of it travels inside the sealed
 * {@code Mcp-Session-Id}, so any replica with the same key ring serves the session without a shared store.
 *
 * <p>An opened session is shared by every request of the session ({@link LegacyClientSessionIds} keeps it): its JSON
 * nodes are read, never changed; whoever needs them changed copies them.
 *
 * @param version the negotiated (legacy) protocol version
 * @param clientCapabilities the capabilities the client declared in {@code initialize}
 * @param clientInfo the client's {@code clientInfo}
 * @param route the route path the session was opened on
 * @param principal the principal ({@code iss#sub}, or {@code anonymous}) the session is bound to
 */
public record LegacyClientSession(String version, ObjectNode clientCapabilities, ObjectNode clientInfo, String route,
        String principal) {

    public LegacyClientSession {
        Objects.requireNonNull(version, "version");
        Objects.requireNonNull(clientCapabilities, "clientCapabilities");
        Objects.requireNonNull(clientInfo, "clientInfo");
        Objects.requireNonNull(route, "route");
        Objects.requireNonNull(principal, "principal");
    }
}
