package io.eragate.core.config;

import io.eragate.core.mcp.Era;
import java.util.Locale;
import java.util.Optional;

/** How the gateway decides an upstream's era; written in YAML as {@code auto}, {@code modern} or {@code legacy}. */
public enum EraSetting {
    /** Probe the upstream and cache the result. */
    AUTO,
    /** Treat the upstream as 2026-07-28 without probing. */
    MODERN,
    /** Treat the upstream as 2025-11-25 or earlier without probing. */
    LEGACY;

    /** The era this setting pins, or empty for {@link #AUTO}. */
    public Optional<Era> pinnedEra() {
        return switch (this) {
            case MODERN -> Optional.of(Era.MODERN);
            case LEGACY -> Optional.of(Era.LEGACY);
            case AUTO -> Optional.empty();
        };
    }

    /** The spelling used in YAML. */
    public String yamlName() {
        return name().toLowerCase(Locale.ROOT);
    }
}
