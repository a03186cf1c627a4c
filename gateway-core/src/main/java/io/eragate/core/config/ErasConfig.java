package io.eragate.core.config;

import java.time.Duration;
import java.util.Objects;
import java.util.Optional;

/**
 * How the era of each upstream origin is learned and remembered. Defaults and ranges are set in
 * {@code ConfigReader#eras} and listed in {@code docs/configuration.md}.
 *
 * @param ttl          how long a probed verdict is trusted before the origin is probed again (default 1h, 1s..30d)
 * @param maxOrigins   origins whose verdicts are kept (default 10000, 1..1000000)
 * @param file         where verdicts are persisted so a restart does not re-probe the fleet; empty string = not
 *                     persisted (default "")
 * @param probeTimeout how long one {@code server/discover} probe may take (default 5s, 1ms..24h)
 */
public record ErasConfig(Duration ttl, int maxOrigins, String file, Duration probeTimeout) {

    public ErasConfig {
        Objects.requireNonNull(ttl, "ttl");
        Objects.requireNonNull(file, "file");
        Objects.requireNonNull(probeTimeout, "probeTimeout");
    }

    /** Every key at its default. */
    public static ErasConfig defaults() {
        return ConfigReader.DEFAULT_ERAS;
    }

    /** The persistence file, when one is configured. */
    public Optional<String> persistenceFile() {
        return file.isEmpty() ? Optional.empty() : Optional.of(file);
    }
}
