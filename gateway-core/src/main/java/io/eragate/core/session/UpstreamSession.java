package io.eragate.core.session;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.time.Instant;
import java.util.Objects;

/**
 * An initialized legacy upstream session. Sessions are compared by identity in the pool: a replacement opened after
 * an expiry is a different session even if the upstream hands out the same values.
 *
 * @param key what the session is shared by
 * @param sessionId the upstream's {@code Mcp-Session-Id}, or {@code null} when the upstream issued none
 * @param negotiatedVersion the protocol version the upstream answered with
 * @param initializeResult the upstream's {@code InitializeResult}
 * @param createdAt when the session was opened
 */
public record UpstreamSession(
        SessionKey key, String sessionId, String negotiatedVersion, ObjectNode initializeResult, Instant createdAt) {

    public UpstreamSession {
        Objects.requireNonNull(key, "key");
        Objects.requireNonNull(negotiatedVersion, "negotiatedVersion");
        Objects.requireNonNull(initializeResult, "initializeResult");
        Objects.requireNonNull(createdAt, "createdAt");
    }
}
