package io.eragate.core.legacyfront;

import io.eragate.core.mcp.ProtocolVersions;

/**
 * The protocol version the front answers a legacy client's {@code initialize} with: the one it asked for when the
 * gateway speaks it as a legacy revision, else the gateway's newest legacy revision (a client asking for 2026-07-28,
 * which has no {@code initialize}, or for a version the gateway does not know, is told 2025-11-25; the client then
 * decides whether it can go on).
 */
public final class VersionNegotiation {

    private VersionNegotiation() {
    }

    /** The version to answer {@code requested} with; {@code requested} may be null. */
    public static String negotiate(String requested) {
        return requested != null && ProtocolVersions.isSupportedLegacy(requested) ? requested
                : ProtocolVersions.LEGACY.get(0);
    }
}
