package io.eragate.core.security;

import java.security.InvalidKeyException;
import java.security.NoSuchAlgorithmException;
import java.util.Arrays;
import java.util.Objects;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * HKDF with HMAC-SHA256 (RFC 5869): turns a configured secret into key material of a fixed size. The JDK has no HKDF
 * before Java 24, so the two steps are written out here on top of {@link Mac}.
 */
final class Hkdf {

    static final int HASH_LENGTH = 32;

    private static final String HMAC = "HmacSHA256";
    private static final int MAX_OUTPUT = 255 * HASH_LENGTH;

    private Hkdf() {
    }

    /** Extract then expand: {@code length} bytes of output keying material. */
    static byte[] derive(byte[] salt, byte[] inputKeyMaterial, byte[] info, int length) {
        byte[] prk = extract(salt, inputKeyMaterial);
        try {
            return expand(prk, info, length);
        } finally {
            Arrays.fill(prk, (byte) 0);
        }
    }

    /** The pseudorandom key {@code HMAC(salt, ikm)}; an empty salt stands for {@code HASH_LENGTH} zero bytes. */
    static byte[] extract(byte[] salt, byte[] inputKeyMaterial) {
        Objects.requireNonNull(salt, "salt");
        Objects.requireNonNull(inputKeyMaterial, "inputKeyMaterial");
        Mac mac = mac(salt.length == 0 ? new byte[HASH_LENGTH] : salt);
        return mac.doFinal(inputKeyMaterial);
    }

    /** {@code length} bytes of {@code T(1) | T(2) | …} where {@code T(i) = HMAC(prk, T(i-1) | info | i)}. */
    static byte[] expand(byte[] prk, byte[] info, int length) {
        Objects.requireNonNull(prk, "prk");
        Objects.requireNonNull(info, "info");
        if (length < 1 || length > MAX_OUTPUT) {
            throw new IllegalArgumentException("HKDF output length must be 1.." + MAX_OUTPUT + ", not " + length);
        }
        Mac mac = mac(prk);
        byte[] output = new byte[length];
        byte[] block = new byte[0];
        int written = 0;
        for (int counter = 1; written < length; counter++) {
            mac.update(block);
            mac.update(info);
            mac.update((byte) counter);
            block = mac.doFinal();
            int take = Math.min(block.length, length - written);
            System.arraycopy(block, 0, output, written, take);
            written += take;
        }
        return output;
    }

    private static Mac mac(byte[] key) {
        try {
            Mac mac = Mac.getInstance(HMAC);
            mac.init(new SecretKeySpec(key, HMAC));
            return mac;
        } catch (NoSuchAlgorithmException | InvalidKeyException e) {
            // Every Java SE runtime must provide HmacSHA256; reaching this means a broken JDK.
            throw new IllegalStateException("HmacSHA256 is unavailable", e);
        }
    }
}
