package io.eragate.core.auth;

import com.nimbusds.jose.JOSEException;
import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.JWSHeader;
import com.nimbusds.jose.JWSVerifier;
import com.nimbusds.jose.crypto.ECDSAVerifier;
import com.nimbusds.jose.crypto.RSASSAVerifier;
import com.nimbusds.jose.jwk.ECKey;
import com.nimbusds.jose.jwk.JWK;
import com.nimbusds.jose.jwk.JWKSet;
import com.nimbusds.jose.jwk.KeyUse;
import com.nimbusds.jose.jwk.RSAKey;
import com.nimbusds.jwt.JWTClaimsSet;
import com.nimbusds.jwt.SignedJWT;
import java.text.ParseException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Date;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * Validates a JWT access token as OAuth 2.1 §5.2 and RFC 8707 ask of a resource server: signed with an allow-listed
 * asymmetric algorithm by a key of the issuer's JWKS, issued by the configured issuer, for one of this resource's
 * audiences, within its validity window (give or take the clock skew), and naming a subject.
 *
 * <p>Signature checks are Nimbus JOSE+JWT's; this class only picks the key. Only RSA and EC public keys are ever
 * used, so neither {@code alg: none} nor an HMAC keyed with a public key can pass. The signature is checked before any
 * claim, so that nothing of an unauthenticated token influences the answer beyond "wrongly signed".
 */
public final class TokenValidator {

    /** The algorithms accepted: RSA (PKCS#1 v1.5 and PSS) and ECDSA; never {@code none}, never HMAC. */
    public static final Set<JWSAlgorithm> ALLOWED_ALGORITHMS = Set.of(JWSAlgorithm.RS256, JWSAlgorithm.RS384,
            JWSAlgorithm.RS512, JWSAlgorithm.PS256, JWSAlgorithm.PS384, JWSAlgorithm.PS512, JWSAlgorithm.ES256,
            JWSAlgorithm.ES384, JWSAlgorithm.ES512);

    private final String issuer;
    private final Duration clockSkew;
    private final Clock clock;

    /**
     * @param issuer the exact {@code iss} accepted
     * @param clockSkew how far {@code exp} and {@code nbf} may be off
     * @param clock the time tokens are judged at
     */
    public TokenValidator(String issuer, Duration clockSkew, Clock clock) {
        this.issuer = Objects.requireNonNull(issuer, "issuer");
        this.clockSkew = Objects.requireNonNull(clockSkew, "clockSkew");
        this.clock = Objects.requireNonNull(clock, "clock");
    }

    /**
     * Checks {@code token} against {@code keys}, for a resource known by any of {@code audiences}.
     *
     * @param token the compact JWT from the bearer header (attacker-controlled)
     */
    public TokenCheck check(String token, JWKSet keys, Collection<String> audiences) {
        SignedJWT jwt;
        JWTClaimsSet claims;
        try {
            jwt = SignedJWT.parse(token);
            claims = jwt.getJWTClaimsSet();
        } catch (ParseException | RuntimeException e) {
            return refused(TokenRefusal.MALFORMED, "the bearer token is not a signed JWT");
        }
        JWSHeader header = jwt.getHeader();
        if (!ALLOWED_ALGORITHMS.contains(header.getAlgorithm())) {
            return refused(TokenRefusal.MALFORMED, "the token's algorithm " + header.getAlgorithm()
                    + " is not accepted (accepted: RS*, PS*, ES*)");
        }
        List<JWK> candidates = candidateKeys(header, keys);
        if (candidates.isEmpty() && header.getKeyID() != null) {
            return new TokenCheck.UnknownKey(header.getKeyID());
        }
        if (!verifiesWithAny(jwt, candidates)) {
            return refused(TokenRefusal.BAD_SIGNATURE, "the token's signature does not verify with the issuer's keys");
        }
        return checkClaims(claims, audiences);
    }

    /** What the caller answers when a key id stays unknown after a refresh of the key set. */
    public static TokenCheck.Refused unknownKeyRefusal(String keyId) {
        return refused(TokenRefusal.BAD_SIGNATURE, "the token is signed with a key the issuer does not publish");
    }

    private TokenCheck checkClaims(JWTClaimsSet claims, Collection<String> audiences) {
        if (!issuer.equals(claims.getIssuer())) {
            return refused(TokenRefusal.WRONG_ISSUER, "the token was issued by another authorization server");
        }
        List<String> tokenAudiences = claims.getAudience();
        if (tokenAudiences.stream().noneMatch(audiences::contains)) {
            return refused(TokenRefusal.WRONG_AUDIENCE, "the token's audience is not this resource");
        }
        Instant now = clock.instant();
        Date expiry = claims.getExpirationTime();
        if (expiry == null) {
            return refused(TokenRefusal.MALFORMED, "the token has no expiry (exp)");
        }
        if (now.isAfter(expiry.toInstant().plus(clockSkew))) {
            return refused(TokenRefusal.EXPIRED, "the token has expired");
        }
        Date notBefore = claims.getNotBeforeTime();
        if (notBefore != null && now.plus(clockSkew).isBefore(notBefore.toInstant())) {
            return refused(TokenRefusal.NOT_YET_VALID, "the token is not valid yet");
        }
        String subject = claims.getSubject();
        if (subject == null || subject.isEmpty()) {
            return refused(TokenRefusal.MALFORMED, "the token names no subject (sub)");
        }
        Set<String> scopes;
        try {
            scopes = scopesOf(claims);
        } catch (ParseException e) {
            return refused(TokenRefusal.MALFORMED, "the token's scope claim is neither a string nor a list");
        }
        return new TokenCheck.Valid(new Principal(issuer, subject, scopes, withoutNulls(claims)));
    }

    /** {@code scope} (space-separated, RFC 8693/9068) or else {@code scp} (a list or a string, as some issuers do). */
    static Set<String> scopesOf(JWTClaimsSet claims) throws ParseException {
        Set<String> scopes = new LinkedHashSet<>();
        Object scope = claims.getClaim("scope");
        Object scp = claims.getClaim("scp");
        if (scope instanceof String text) {
            addWords(scopes, text);
        } else if (scope != null) {
            throw new ParseException("scope", 0);
        } else if (scp instanceof String text) {
            addWords(scopes, text);
        } else if (scp instanceof List<?> list) {
            for (Object item : list) {
                if (!(item instanceof String text)) {
                    throw new ParseException("scp", 0);
                }
                scopes.add(text);
            }
        } else if (scp != null) {
            throw new ParseException("scp", 0);
        }
        return scopes;
    }

    private static void addWords(Set<String> scopes, String text) {
        for (String word : text.trim().split(" +")) {
            if (!word.isEmpty()) {
                scopes.add(word);
            }
        }
    }

    private static Map<String, Object> withoutNulls(JWTClaimsSet claims) {
        Map<String, Object> map = new LinkedHashMap<>();
        claims.getClaims().forEach((name, value) -> {
            if (value != null) {
                map.put(name, value);
            }
        });
        return map;
    }

    /** The keys that may have signed: by key id when the header has one, else every key of the algorithm's type. */
    private static List<JWK> candidateKeys(JWSHeader header, JWKSet keys) {
        List<JWK> candidates = new ArrayList<>();
        for (JWK key : keys.getKeys()) {
            if (header.getKeyID() != null && !header.getKeyID().equals(key.getKeyID())) {
                continue;
            }
            if (key.getKeyUse() != null && !KeyUse.SIGNATURE.equals(key.getKeyUse())) {
                continue;
            }
            if (key.getAlgorithm() != null && !key.getAlgorithm().equals(header.getAlgorithm())) {
                continue;
            }
            boolean rsa = JWSAlgorithm.Family.RSA.contains(header.getAlgorithm()) && key instanceof RSAKey;
            boolean ec = JWSAlgorithm.Family.EC.contains(header.getAlgorithm()) && key instanceof ECKey;
            if (rsa || ec) {
                candidates.add(key);
            }
        }
        return candidates;
    }

    private static boolean verifiesWithAny(SignedJWT jwt, List<JWK> candidates) {
        for (JWK key : candidates) {
            try {
                JWSVerifier verifier = key instanceof RSAKey rsa ? new RSASSAVerifier(rsa.toRSAPublicKey())
                        : new ECDSAVerifier(((ECKey) key).toECPublicKey());
                if (jwt.verify(verifier)) {
                    return true;
                }
            } catch (JOSEException | RuntimeException e) {
                // A key that cannot verify this token (wrong curve, bad parameters) is simply not the signer.
            }
        }
        return false;
    }

    private static TokenCheck.Refused refused(TokenRefusal reason, String description) {
        return new TokenCheck.Refused(reason, description);
    }
}
