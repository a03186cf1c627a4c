package io.eragate.core.security;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class StateSealerTest {

    private static final byte[] SECRET_A = "0123456789abcdef0123456789abcdef".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] SECRET_B = "fedcba9876543210fedcba9876543210".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] PLAINTEXT = "{\"call\":\"c-1\",\"principal\":\"alice\"}"
            .getBytes(StandardCharsets.UTF_8);

    @Test
    void opensWhatItSealed() {
        StateSealer sealer = StateSealer.fromSecret(SECRET_A);

        String token = sealer.seal(PLAINTEXT);

        assertThat(sealer.open(token)).hasValueSatisfying(bytes -> assertThat(bytes).isEqualTo(PLAINTEXT));
        assertThat(token).matches("[A-Za-z0-9_-]+");
        assertThat(new String(Base64.getUrlDecoder().decode(token), StandardCharsets.ISO_8859_1))
                .as("the plaintext is encrypted, not just encoded")
                .doesNotContain("alice");
    }

    @Test
    void sealsTheSamePlaintextDifferentlyEachTime() {
        StateSealer sealer = StateSealer.fromSecret(SECRET_A);

        assertThat(sealer.seal(PLAINTEXT)).isNotEqualTo(sealer.seal(PLAINTEXT));
    }

    @Test
    void twoInstancesWithTheSameSecretOpenEachOthersTokens() {
        String token = StateSealer.fromSecret(SECRET_A).seal(PLAINTEXT);

        assertThat(StateSealer.fromSecret(SECRET_A.clone()).open(token)).isPresent();
    }

    @Test
    void refusesEverySingleBitFlipOfTheSealedBytes() {
        StateSealer sealer = StateSealer.fromSecret(SECRET_A);
        byte[] sealed = Base64.getUrlDecoder().decode(sealer.seal(PLAINTEXT));
        Base64.Encoder encoder = Base64.getUrlEncoder().withoutPadding();

        List<String> opened = new ArrayList<>();
        for (int bit = 0; bit < sealed.length * 8; bit++) {
            byte[] flipped = sealed.clone();
            flipped[bit / 8] ^= (byte) (1 << (bit % 8));
            if (sealer.open(encoder.encodeToString(flipped)).isPresent()) {
                opened.add("bit " + bit);
            }
        }

        assertThat(opened).isEmpty();
    }

    @Test
    void refusesEverySingleBitFlipOfTheTokenText() {
        StateSealer sealer = StateSealer.fromSecret(SECRET_A);
        String token = sealer.seal(PLAINTEXT);

        List<String> opened = new ArrayList<>();
        for (int i = 0; i < token.length(); i++) {
            for (int bit = 0; bit < 8; bit++) {
                char[] chars = token.toCharArray();
                chars[i] = (char) (chars[i] ^ (1 << bit));
                if (sealer.open(new String(chars)).isPresent()) {
                    opened.add("char " + i + " bit " + bit);
                }
            }
        }

        assertThat(opened).isEmpty();
    }

    @Test
    void refusesTheOtherSpellingOfTheLastCharacter() {
        StateSealer sealer = StateSealer.fromSecret(SECRET_A);
        // 64 bytes of plaintext make a 94-byte token: 125.3 characters, so the last one carries 4 unused bits.
        String token = sealer.seal(new byte[64]);
        assertThat(token).hasSize(126);
        String alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
        char last = token.charAt(token.length() - 1);
        char sameBytes = alphabet.charAt(alphabet.indexOf(last) | 0b11);
        assertThat(sameBytes).as("a different character that decodes to the same bytes").isNotEqualTo(last);

        String respelled = token.substring(0, token.length() - 1) + sameBytes;

        assertThat(Base64.getUrlDecoder().decode(respelled)).isEqualTo(Base64.getUrlDecoder().decode(token));
        assertThat(sealer.open(respelled)).isEmpty();
    }

    @Test
    void refusesATokenSealedWithAnotherKey() {
        String token = StateSealer.fromSecret(SECRET_B).seal(PLAINTEXT);

        assertThat(StateSealer.fromSecret(SECRET_A).open(token)).isEmpty();
        assertThat(StateSealer.random().open(token)).isEmpty();
    }

    @Test
    void twoRandomSealersDoNotOpenEachOthersTokens() {
        StateSealer first = StateSealer.random();
        StateSealer second = StateSealer.random();

        assertThat(first.open(first.seal(PLAINTEXT))).isPresent();
        assertThat(second.open(first.seal(PLAINTEXT))).isEmpty();
    }

    @Test
    void oneSealerGivenANewRingSealsWithItsFirstKeyAndForgetsTheKeysLeftOut() {
        StateSealer sealer = new StateSealer(KeyRing.fromSecrets(SECRET_A, List.of()));
        String underA = sealer.seal(PLAINTEXT);

        sealer.useKeys(KeyRing.fromSecrets(SECRET_B, List.of(SECRET_A)));
        String underB = sealer.seal(PLAINTEXT);
        assertThat(sealer.open(underA)).as("A is still in the ring").isPresent();
        assertThat(Base64.getUrlDecoder().decode(underB)[1]).isEqualTo(SealingKey.fromSecret(SECRET_B).id());

        sealer.useKeys(KeyRing.fromSecrets(SECRET_B, List.of()));
        assertThat(sealer.open(underA)).as("A left the ring").isEmpty();
        assertThat(sealer.open(underB)).isPresent();
    }

    @Test
    void aRotatedRingStillOpensTokensOfTheOlderKeyAndSealsWithTheNewOne() {
        StateSealer before = new StateSealer(KeyRing.fromSecrets(SECRET_A, List.of()));
        StateSealer after = new StateSealer(KeyRing.fromSecrets(SECRET_B, List.of(SECRET_A)));
        String oldToken = before.seal(PLAINTEXT);
        String newToken = after.seal(PLAINTEXT);

        assertThat(after.open(oldToken)).isPresent();
        assertThat(after.open(newToken)).isPresent();
        assertThat(before.open(newToken)).as("the new key is not known before rotation").isEmpty();
        assertThat(Base64.getUrlDecoder().decode(newToken)[1]).isEqualTo(SealingKey.fromSecret(SECRET_B).id());
    }

    @Test
    void triesEveryKeyThatSharesTheTokensKeyId() {
        byte[] collidingSecret = secretWithSameIdAs(SECRET_A);
        StateSealer ring = new StateSealer(KeyRing.fromSecrets(SECRET_A, List.of(collidingSecret)));
        String token = StateSealer.fromSecret(collidingSecret).seal(PLAINTEXT);

        assertThat(ring.open(token)).isPresent();
    }

    @Test
    void refusesMalformedInputWithoutThrowing() {
        StateSealer sealer = StateSealer.fromSecret(SECRET_A);
        String valid = sealer.seal(PLAINTEXT);
        byte[] wrongVersion = Base64.getUrlDecoder().decode(valid);
        wrongVersion[0] = 2;

        for (String token : List.of("", "a", "!!!!", "====", valid + "=", valid.substring(0, valid.length() - 1),
                valid.substring(0, 10), "A".repeat(StateSealer.MAX_TOKEN_CHARS + 4),
                Base64.getUrlEncoder().withoutPadding().encodeToString(wrongVersion), valid.replace('A', '+'))) {
            assertThat(sealer.open(token)).as("token %.40s", token).isEqualTo(Optional.empty());
        }
    }

    @Test
    void sealsUpToTheLimitAndTheResultOpens() {
        StateSealer sealer = StateSealer.fromSecret(SECRET_A);

        String token = sealer.seal(new byte[StateSealer.MAX_PLAINTEXT_BYTES]);

        assertThat(token.length()).isLessThanOrEqualTo(StateSealer.MAX_TOKEN_CHARS);
        assertThat(sealer.open(token)).isPresent();
        assertThatThrownBy(() -> sealer.seal(new byte[StateSealer.MAX_PLAINTEXT_BYTES + 1]))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void refusesShortSecrets() {
        assertThatThrownBy(() -> StateSealer.fromSecret(new byte[SealingKey.MIN_SECRET_BYTES - 1]))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("at least 16 bytes");
    }

    @Test
    void derivesTheKeyIdFromTheSecret() {
        assertThat(SealingKey.fromSecret(SECRET_A).id()).isEqualTo(SealingKey.fromSecret(SECRET_A.clone()).id());
        assertThat(SealingKey.fromSecret(SECRET_A).toString()).doesNotContain("0123456789abcdef");
    }

    private static byte[] secretWithSameIdAs(byte[] secret) {
        byte id = SealingKey.fromSecret(secret).id();
        for (int n = 0; ; n++) {
            byte[] candidate = String.format("colliding-secret-%08d", n).getBytes(StandardCharsets.US_ASCII);
            if (SealingKey.fromSecret(candidate).id() == id) {
                return candidate;
            }
        }
    }

    @Test
    void threadsSealingAndOpeningAtOnceWithRefusalsInBetweenEachGetTheirOwnPlaintextBack() throws Exception {
        // Each thread reuses one cipher: a refused token, or another ring's key, must leave nothing behind for the
        // next token on that thread, and no thread may see another's state.
        StateSealer sealerA = StateSealer.fromSecret(SECRET_A);
        StateSealer sealerB = StateSealer.fromSecret(SECRET_B);
        ExecutorService threads = Executors.newFixedThreadPool(4);
        try {
            List<Future<Integer>> opened = new ArrayList<>();
            for (int t = 0; t < 4; t++) {
                int thread = t;
                opened.add(threads.submit(() -> {
                    int good = 0;
                    for (int i = 0; i < 200; i++) {
                        byte[] plaintext = ("thread " + thread + " token " + i).getBytes(StandardCharsets.UTF_8);
                        StateSealer sealer = i % 2 == 0 ? sealerA : sealerB;
                        String token = sealer.seal(plaintext);
                        assertThat((i % 2 == 0 ? sealerB : sealerA).open(token)).isEmpty();
                        char flipped = token.charAt(20) == 'A' ? 'B' : 'A';
                        assertThat(sealer.open(token.substring(0, 20) + flipped + token.substring(21))).isEmpty();
                        assertThat(sealer.open(token)).hasValueSatisfying(bytes -> assertThat(bytes)
                                .isEqualTo(plaintext));
                        good++;
                    }
                    return good;
                }));
            }
            for (Future<Integer> count : opened) {
                assertThat(count.get(60, TimeUnit.SECONDS)).isEqualTo(200);
            }
        } finally {
            threads.shutdownNow();
        }
    }
}
