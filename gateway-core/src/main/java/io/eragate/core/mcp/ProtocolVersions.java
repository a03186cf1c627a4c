package io.eragate.core.mcp;

import java.util.List;

/** The protocol versions Eragate speaks, newest first within each era. */
public final class ProtocolVersions {
    public static final String V2026_07_28 = "2026-07-28";
    public static final String V2025_11_25 = "2025-11-25";
    public static final String V2025_06_18 = "2025-06-18";
    public static final String V2025_03_26 = "2025-03-26";
    public static final String V2024_11_05 = "2024-11-05";

    /** Modern versions the front door accepts and {@code server/discover} advertises. */
    public static final List<String> MODERN = List.of(V2026_07_28);
    /** Legacy versions Eragate can negotiate with an upstream or a legacy client. */
    public static final List<String> LEGACY = List.of(V2025_11_25, V2025_06_18, V2025_03_26, V2024_11_05);

    private ProtocolVersions() {
    }

    /** Whether {@code version} is a modern version Eragate serves. */
    public static boolean isSupportedModern(String version) {
        return MODERN.contains(version);
    }

    /** Whether {@code version} is a legacy version Eragate can negotiate. */
    public static boolean isSupportedLegacy(String version) {
        return LEGACY.contains(version);
    }
}
