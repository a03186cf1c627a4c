package io.eragate.core.auth;

import com.nimbusds.jose.JOSEException;
import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.JWSHeader;
import com.nimbusds.jose.crypto.MACSigner;
import com.nimbusds.jose.crypto.RSASSASigner;
import com.nimbusds.jose.jwk.JWKSet;
import com.nimbusds.jose.jwk.RSAKey;
import com.nimbusds.jose.jwk.gen.RSAKeyGenerator;
import com.nimbusds.jwt.JWTClaimsSet;
import com.nimbusds.jwt.SignedJWT;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.Base64;
import java.util.Date;
import java.util.function.UnaryOperator;

/** An issuer for tests: a real RS256 key pair, and tokens built from a claims template that each test bends. */
final class TestTokens {
    static final String ISSUER = "https://as.example.com";
    static final String AUDIENCE = "https://gw.example.com/mcp";

    final RSAKey key;

    private TestTokens(RSAKey key) {
        this.key = key;
    }

    static TestTokens withKeyId(String keyId) {
        try {
            return new TestTokens(new RSAKeyGenerator(2048).keyID(keyId).generate());
        } catch (JOSEException e) {
            throw new IllegalStateException(e);
        }
    }

    JWKSet publicSet() {
        return new JWKSet(key.toPublicJWK());
    }

    /** Claims valid at {@code now}: this issuer, the audience, subject alice, scope mcp, one hour of life. */
    static JWTClaimsSet.Builder claims(Instant now) {
        return new JWTClaimsSet.Builder().issuer(ISSUER).audience(AUDIENCE).subject("alice")
                .claim("scope", "mcp tools:read").issueTime(Date.from(now)).notBeforeTime(Date.from(now))
                .expirationTime(Date.from(now.plusSeconds(3600)));
    }

    String sign(JWTClaimsSet claims) {
        return sign(claims, key.getKeyID());
    }

    String sign(JWTClaimsSet claims, String keyId) {
        try {
            SignedJWT jwt = new SignedJWT(new JWSHeader.Builder(JWSAlgorithm.RS256).keyID(keyId).build(), claims);
            jwt.sign(new RSASSASigner(key));
            return jwt.serialize();
        } catch (JOSEException e) {
            throw new IllegalStateException(e);
        }
    }

    String sign(Instant now, UnaryOperator<JWTClaimsSet.Builder> bend) {
        return sign(bend.apply(claims(now)).build());
    }

    /** The classic confusion attack: HS256 keyed with the bytes of the issuer's public key. */
    String hmacWithPublicKey(Instant now) {
        try {
            SignedJWT jwt = new SignedJWT(new JWSHeader.Builder(JWSAlgorithm.HS256).keyID(key.getKeyID()).build(),
                    claims(now).build());
            byte[] secret = key.toRSAPublicKey().getEncoded();
            jwt.sign(new MACSigner(secret));
            return jwt.serialize();
        } catch (JOSEException e) {
            throw new IllegalStateException(e);
        }
    }

    /** An unsigned token ({@code alg: none}) with valid claims. */
    static String unsigned(Instant now) {
        Base64.Encoder b64 = Base64.getUrlEncoder().withoutPadding();
        return b64.encodeToString("{\"alg\":\"none\"}".getBytes(StandardCharsets.UTF_8)) + "."
                + b64.encodeToString(claims(now).build().toString().getBytes(StandardCharsets.UTF_8)) + ".";
    }
}
