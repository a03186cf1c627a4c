package io.eragate.core.security;

import java.nio.charset.StandardCharsets;
import java.security.SecureRandom;
import java.util.Arrays;
import java.util.Objects;
import javax.crypto.SecretKey;
import javax.crypto.spec.SecretKeySpec;

/**
 * One AES-256 key for {@link StateSealer}, with the one-byte id that tokens carry so that the right key of a
 * {@link KeyRing} is tried first.
 *
 * <p>A key made {@link #fromSecret from a configured secret} is derived once with HKDF-SHA256, and so is its id: every
 * gateway instance configured with the same secret computes the same key and the same id, and an operator rotates by
 * listing secrets, never by numbering them. Two different secrets may share an id (1 in 256); {@link KeyRing} then
 * tries both, and AES-GCM authentication tells them apart.
 */
public final class SealingKey {

    /** The shortest secret accepted; a configured secret should be 32 random bytes. */
    public static final int MIN_SECRET_BYTES = 16;

    static final int KEY_BYTES = 32;

    private static final byte[] SALT = "eragate.io/sealed-token".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] KEY_INFO =
            "eragate request-state AES-256-GCM key v1".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] ID_INFO = "eragate request-state key id v1".getBytes(StandardCharsets.US_ASCII);
    private static final SecureRandom RANDOM = new SecureRandom();

    private final byte id;
    private final SecretKey key;

    private SealingKey(byte id, byte[] keyBytes) {
        this.id = id;
        this.key = new SecretKeySpec(keyBytes, "AES");
    }

    /**
     * The key derived from a configured secret with HKDF-SHA256.
     *
     * @param secret at least {@link #MIN_SECRET_BYTES} bytes; not retained
     * @throws IllegalArgumentException when the secret is too short
     */
    public static SealingKey fromSecret(byte[] secret) {
        Objects.requireNonNull(secret, "secret");
        if (secret.length < MIN_SECRET_BYTES) {
            throw new IllegalArgumentException("a sealing secret needs at least " + MIN_SECRET_BYTES
                    + " bytes (32 random bytes recommended), got " + secret.length);
        }
        byte[] keyBytes = Hkdf.derive(SALT, secret, KEY_INFO, KEY_BYTES);
        byte[] idBytes = Hkdf.derive(SALT, secret, ID_INFO, 1);
        try {
            return new SealingKey(idBytes[0], keyBytes);
        } finally {
            Arrays.fill(keyBytes, (byte) 0);
        }
    }

    /** A fresh random key with a random id, for a single instance that has no configured secret. */
    public static SealingKey random() {
        byte[] keyBytes = new byte[KEY_BYTES];
        RANDOM.nextBytes(keyBytes);
        byte[] idBytes = new byte[1];
        RANDOM.nextBytes(idBytes);
        try {
            return new SealingKey(idBytes[0], keyBytes);
        } finally {
            Arrays.fill(keyBytes, (byte) 0);
        }
    }

    /** The id written into every token this key seals. */
    public byte id() {
        return id;
    }

    SecretKey secretKey() {
        return key;
    }

    @Override
    public String toString() {
        return String.format("SealingKey[id=0x%02x]", id & 0xff);
    }
}
