package io.eragate.core.config;

/** What the gateway does when a stdio upstream's process exits on its own; YAML {@code always} or {@code never}. */
public enum RestartPolicy {
    /** Start it again, with exponential backoff and crash-loop protection. */
    ALWAYS,
    /** Leave it stopped; requests for it fail until the gateway restarts. */
    NEVER
}
