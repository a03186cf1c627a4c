package io.eragate.core.config;

/**
 * The legacy client front: 2025-11-25 (and older) clients on routes whose upstream does not serve them itself.
 *
 * @param maxSessions sessions whose mutable state (log level, ended, what they hold open) one replica keeps; the
 *     least recently used is forgotten beyond it (default 10000, 1..1000000)
 * @param maxAnswerBytes the largest JSON answer, or SSE event, the front translates for a legacy client; a larger
 *     one ends the client's connection (default 16MiB, 1KiB..256MiB)
 */
public record LegacyClientsConfig(int maxSessions, long maxAnswerBytes) {

    /** The defaults. */
    public static LegacyClientsConfig defaults() {
        return ConfigReader.DEFAULT_LEGACY_CLIENTS;
    }
}
