package io.eragate.core.security;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.HexFormat;
import org.junit.jupiter.api.Test;

class HkdfTest {

    private static final HexFormat HEX = HexFormat.of();

    @Test
    void matchesRfc5869TestCase1() {
        byte[] ikm = HEX.parseHex("0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b");
        byte[] salt = HEX.parseHex("000102030405060708090a0b0c");
        byte[] info = HEX.parseHex("f0f1f2f3f4f5f6f7f8f9");

        byte[] prk = Hkdf.extract(salt, ikm);
        byte[] okm = Hkdf.expand(prk, info, 42);

        assertThat(HEX.formatHex(prk))
                .isEqualTo("077709362c2e32df0ddc3f0dc47bba6390b6c73bb50f9c3122ec844ad7c2b3e5");
        assertThat(HEX.formatHex(okm)).isEqualTo("3cb25f25faacd57a90434f64d0362f2a2d2d0a90cf1a5a4c5db02d56ecc4c5bf"
                + "34007208d5b887185865");
        assertThat(Hkdf.derive(salt, ikm, info, 42)).isEqualTo(okm);
    }

    @Test
    void matchesRfc5869TestCase3WithEmptySaltAndInfo() {
        byte[] ikm = HEX.parseHex("0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b");

        byte[] okm = Hkdf.derive(new byte[0], ikm, new byte[0], 42);

        assertThat(HEX.formatHex(okm)).isEqualTo("8da4e775a563c18f715f802a063c5a31b8a11f5c5ee1879ec3454e5f3c738d2d"
                + "9d201395faa4b61a96c8");
    }

    @Test
    void refusesLengthsOutsideTheRfcRange() {
        byte[] prk = new byte[32];

        assertThatThrownBy(() -> Hkdf.expand(prk, new byte[0], 0)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> Hkdf.expand(prk, new byte[0], 255 * 32 + 1))
                .isInstanceOf(IllegalArgumentException.class);
        assertThat(Hkdf.expand(prk, new byte[0], 255 * 32)).hasSize(255 * 32);
    }
}
