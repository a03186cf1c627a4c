/**
 * The gateway as an OAuth 2.1 resource server: bearer token validation (JWT, keys from the issuer's JWKS), the
 * principal a valid token names, scope coverage, per-operation policies and the 401/403 answers with their
 * {@code WWW-Authenticate} challenges. Pure decisions; fetching keys is behind a function the server supplies.
 */
package io.eragate.core.auth;
