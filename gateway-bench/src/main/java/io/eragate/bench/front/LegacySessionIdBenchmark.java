package io.eragate.bench.front;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import io.eragate.core.legacyfront.LegacyClientSession;
import io.eragate.core.legacyfront.LegacyClientSessionIds;
import io.eragate.core.security.StateSealer;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.SecureRandom;
import java.util.Arrays;
import java.util.Base64;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import javax.crypto.Cipher;
import javax.crypto.SecretKey;
import javax.crypto.spec.GCMParameterSpec;
import javax.crypto.spec.SecretKeySpec;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * What the legacy-client front does with a session id on every request: open the sealed {@code Mcp-Session-Id}
 * (AES-GCM) and read the session in it. {@code open} is the front's own call as every request after a session's first
 * makes it (the opened session is kept, so this is the kept-session lookup); {@code decryptOnly} is the sealer's
 * decryption, which the first request of a session pays, looking a cipher up and keying it for the token, and
 * {@code decryptWithNewCipher} that decryption alone, outside the sealer: the line for a cipher kept per thread, which
 * was tried and reverted (see bench/analysis.md).
 *
 * <p>Not final: JMH generates subclasses of {@code @State} classes.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class LegacySessionIdBenchmark {
    private static final byte[] SECRET = "benchmark-secret-of-32-bytes-len".getBytes(StandardCharsets.UTF_8);

    private StateSealer sealer;
    private LegacyClientSessionIds ids;
    private String sessionId;
    private String token;
    private String baselineToken;
    private SecretKey key;

    /** A session as the TypeScript SDK v1 opens one, and its sealed id. */
    @Setup
    public void setUp() {
        sealer = StateSealer.fromSecret(SECRET);
        ids = new LegacyClientSessionIds(sealer);
        LegacyClientSession session = new LegacyClientSession("2025-11-25",
                JsonNodeFactory.instance.objectNode().set("sampling", JsonNodeFactory.instance.objectNode()),
                JsonNodeFactory.instance.objectNode().put("name", "mcp-sdk-v1-client").put("version", "1.0.0"),
                "/mcp", "anonymous");
        sessionId = ids.seal(session);
        token = sealer.seal("a plaintext of a typical size for a sealed token".getBytes(StandardCharsets.UTF_8));
        key = new SecretKeySpec(Arrays.copyOf(SECRET, 32), "AES");
        baselineToken = sealedTheWayItWas(key, "a plaintext of a typical size for a sealed token"
                .getBytes(StandardCharsets.UTF_8));
    }

    /** A token of the sealer's layout (version, key id, nonce, ciphertext and tag), base64url, under {@code key}. */
    private static String sealedTheWayItWas(SecretKey key, byte[] plaintext) {
        try {
            byte[] nonce = new byte[12];
            new SecureRandom().nextBytes(nonce);
            Cipher cipher = Cipher.getInstance("AES/GCM/NoPadding");
            cipher.init(Cipher.ENCRYPT_MODE, key, new GCMParameterSpec(128, nonce));
            byte[] header = {1, 0};
            cipher.updateAAD(header);
            byte[] sealed = cipher.doFinal(plaintext);
            byte[] bytes = new byte[14 + sealed.length];
            System.arraycopy(header, 0, bytes, 0, 2);
            System.arraycopy(nonce, 0, bytes, 2, 12);
            System.arraycopy(sealed, 0, bytes, 14, sealed.length);
            return Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException(e);
        }
    }

    /** The front's per-request work on the id of a session it has opened before: the kept session's lookup. */
    @Benchmark
    public Optional<LegacyClientSession> open() {
        return ids.open(sessionId, "/mcp", "anonymous");
    }

    /** Opening a token with the sealer. */
    @Benchmark
    public Optional<byte[]> decryptOnly() {
        return sealer.open(token);
    }

    /** A token of the same layout decoded and decrypted with a cipher looked up and keyed for it. */
    @Benchmark
    public byte[] decryptWithNewCipher() throws GeneralSecurityException {
        byte[] tokenBytes = Base64.getUrlDecoder().decode(baselineToken);
        Cipher cipher = Cipher.getInstance("AES/GCM/NoPadding");
        cipher.init(Cipher.DECRYPT_MODE, key, new GCMParameterSpec(128, tokenBytes, 2, 12));
        cipher.updateAAD(tokenBytes, 0, 2);
        return cipher.doFinal(tokenBytes, 14, tokenBytes.length - 14);
    }
}
