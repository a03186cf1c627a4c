package io.eragate.core.session;

import java.util.Objects;

/**
 * What a pooled upstream session is shared by. Two modern requests use the same legacy session only when all four
 * parts are equal; in particular a session is never shared across principals.
 *
 * @param upstream the configured upstream's name
 * @param principal the authenticated principal, or {@code "anonymous"} where authentication is off
 * @param capabilitiesKey the canonical client capabilities the session declares (see
 *     {@code InitializeSynthesizer.capabilitiesKey})
 * @param legacyVersion the protocol version asked for in {@code initialize}
 */
public record SessionKey(String upstream, String principal, String capabilitiesKey, String legacyVersion) {

    /** The principal of requests when authentication is off. */
    public static final String ANONYMOUS = "anonymous";

    public SessionKey {
        Objects.requireNonNull(upstream, "upstream");
        Objects.requireNonNull(principal, "principal");
        Objects.requireNonNull(capabilitiesKey, "capabilitiesKey");
        Objects.requireNonNull(legacyVersion, "legacyVersion");
    }
}
