package io.eragate.core.security;

import java.nio.ByteBuffer;
import java.security.GeneralSecurityException;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.Objects;
import java.util.Optional;
import javax.crypto.Cipher;
import javax.crypto.spec.GCMParameterSpec;

/**
 * Seals bytes into an opaque, tamper-proof token and opens such tokens: the {@code requestState} a client echoes back
 * to the gateway, which the spec tells servers to treat as attacker-controlled.
 *
 * <p>A token is base64url without padding of {@code version(1) | keyId(1) | nonce(12) | AES-256-GCM(plaintext) |
 * tag(16)}, with the first two bytes as associated data. Every token has a fresh random 96-bit nonce; at the rate a
 * gateway issues tokens the nonce space is not a limit. Tokens are confidential and authentic but carry no expiry or
 * audience of their own: callers put those inside the plaintext and check them after {@link #open}.
 *
 * <p>Thread-safe. The ring can be {@linkplain #useKeys replaced} while the gateway runs (a reload of
 * {@code security.secrets}); every holder of this sealer then seals with the new current key and opens with the new
 * ring's keys.
 */
public final class StateSealer {

    /** The longest token {@link #open} looks at; anything longer is refused before decoding. */
    public static final int MAX_TOKEN_CHARS = 16 * 1024;

    private static final byte VERSION = 1;
    private static final int HEADER_BYTES = 2;
    private static final int NONCE_BYTES = 12;
    private static final int TAG_BITS = 128;
    private static final int OVERHEAD = HEADER_BYTES + NONCE_BYTES + TAG_BITS / 8;
    /** The largest plaintext whose token still fits {@link #MAX_TOKEN_CHARS}. */
    public static final int MAX_PLAINTEXT_BYTES = MAX_TOKEN_CHARS / 4 * 3 - OVERHEAD;

    private static final String TRANSFORMATION = "AES/GCM/NoPadding";
    private static final Base64.Encoder ENCODER = Base64.getUrlEncoder().withoutPadding();
    private static final Base64.Decoder DECODER = Base64.getUrlDecoder();
    private static final SecureRandom RANDOM = new SecureRandom();

    private volatile KeyRing keys;

    /** A sealer over {@code keys}: the ring's current key seals, all its keys open. */
    public StateSealer(KeyRing keys) {
        this.keys = Objects.requireNonNull(keys, "keys");
    }

    /** A sealer whose single key is derived once, with HKDF-SHA256, from a configured secret. */
    public static StateSealer fromSecret(byte[] secret) {
        return new StateSealer(KeyRing.of(SealingKey.fromSecret(secret)));
    }

    /** A sealer with a random key: tokens open only on this instance and only until it stops. */
    public static StateSealer random() {
        return new StateSealer(KeyRing.of(SealingKey.random()));
    }

    /** The ring this sealer uses. */
    public KeyRing keys() {
        return keys;
    }

    /**
     * Seals with {@code next}'s current key from now on, and opens only what a key of {@code next} sealed: a secret
     * kept in the ring keeps its tokens opening, a secret left out makes its tokens unopenable.
     */
    public void useKeys(KeyRing next) {
        this.keys = Objects.requireNonNull(next, "next");
    }

    /**
     * Seals {@code plaintext} with the current key.
     *
     * @throws IllegalArgumentException when the plaintext exceeds {@link #MAX_PLAINTEXT_BYTES}, so that every token
     *     sealed here can also be opened
     */
    public String seal(byte[] plaintext) {
        Objects.requireNonNull(plaintext, "plaintext");
        if (plaintext.length > MAX_PLAINTEXT_BYTES) {
            throw new IllegalArgumentException("cannot seal " + plaintext.length + " bytes; the limit is "
                    + MAX_PLAINTEXT_BYTES);
        }
        SealingKey key = keys.current();
        byte[] nonce = new byte[NONCE_BYTES];
        RANDOM.nextBytes(nonce);
        ByteBuffer token = ByteBuffer.allocate(OVERHEAD + plaintext.length);
        token.put(VERSION).put(key.id()).put(nonce);
        try {
            Cipher cipher = Cipher.getInstance(TRANSFORMATION);
            cipher.init(Cipher.ENCRYPT_MODE, key.secretKey(), new GCMParameterSpec(TAG_BITS, nonce));
            cipher.updateAAD(token.array(), 0, HEADER_BYTES);
            cipher.doFinal(ByteBuffer.wrap(plaintext), token);
        } catch (GeneralSecurityException e) {
            // AES-GCM is mandatory in every Java SE runtime and the inputs are ours; this is a broken JDK.
            throw new IllegalStateException("AES-GCM sealing failed", e);
        }
        return ENCODER.encodeToString(token.array());
    }

    /**
     * Opens a token sealed by any key of the ring.
     *
     * @param token attacker-controlled text
     * @return the plaintext, or empty when the token is too long, not canonical base64url, of another version,
     *     sealed with a key not in the ring, or altered in any way. Never throws for bad input.
     */
    public Optional<byte[]> open(String token) {
        Objects.requireNonNull(token, "token");
        if (token.length() > MAX_TOKEN_CHARS || token.length() < encodedLength(OVERHEAD)) {
            return Optional.empty();
        }
        byte[] bytes;
        try {
            bytes = DECODER.decode(token);
        } catch (IllegalArgumentException e) {
            return Optional.empty();
        }
        // The decoder ignores the unused low bits of the last character; re-encoding refuses a second spelling.
        if (bytes.length < OVERHEAD || bytes[0] != VERSION || !ENCODER.encodeToString(bytes).equals(token)) {
            return Optional.empty();
        }
        for (SealingKey key : keys.candidates(bytes[1])) {
            Optional<byte[]> plaintext = decrypt(key, bytes);
            if (plaintext.isPresent()) {
                return plaintext;
            }
        }
        return Optional.empty();
    }

    private static Optional<byte[]> decrypt(SealingKey key, byte[] bytes) {
        try {
            Cipher cipher = Cipher.getInstance(TRANSFORMATION);
            cipher.init(Cipher.DECRYPT_MODE, key.secretKey(),
                    new GCMParameterSpec(TAG_BITS, bytes, HEADER_BYTES, NONCE_BYTES));
            cipher.updateAAD(bytes, 0, HEADER_BYTES);
            int offset = HEADER_BYTES + NONCE_BYTES;
            return Optional.of(cipher.doFinal(bytes, offset, bytes.length - offset));
        } catch (GeneralSecurityException e) {
            return Optional.empty();
        }
    }

    private static int encodedLength(int bytes) {
        return (bytes * 4 + 2) / 3;
    }

    @Override
    public String toString() {
        return "StateSealer[" + keys + "]";
    }
}
