package io.eragate.core.auth;

/** Why a request's bearer token was refused; each is a 401 with its own {@code error_description}. */
public enum TokenRefusal {
    /** No {@code Authorization: Bearer} header (RFC 6750: the challenge then carries no error code). */
    MISSING,
    /** Not a bearer header, or not a signed JWT, or a disallowed algorithm, or a claim of the wrong type. */
    MALFORMED,
    /** {@code exp} is past, beyond the clock skew. */
    EXPIRED,
    /** {@code nbf} is ahead, beyond the clock skew. */
    NOT_YET_VALID,
    /** The signature does not verify with any key the issuer publishes. */
    BAD_SIGNATURE,
    /** {@code iss} is not the configured issuer. */
    WRONG_ISSUER,
    /** {@code aud} does not name this resource. */
    WRONG_AUDIENCE,
    /** RFC 7662: the authorization server says the opaque token is not active (revoked, expired, unknown). */
    INACTIVE
}
