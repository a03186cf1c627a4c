package io.eragate.core.config;

import java.time.Duration;
import java.util.Objects;

/**
 * TLS on a listener: a PEM certificate chain and its PEM private key (PKCS#8, unencrypted), TLS 1.2 and 1.3 only,
 * ALPN {@code http/1.1}. The files are checked for changes every {@code reloadInterval} and re-read when they change,
 * so a certificate rotates without a restart; connections already open keep the certificate they began with.
 *
 * @param certificate the certificate chain file (PEM)
 * @param privateKey the private key file (PEM, PKCS#8)
 * @param reloadInterval how often the files are checked for a change (default 10s)
 */
public record TlsConfig(String certificate, String privateKey, Duration reloadInterval) {

    public TlsConfig {
        Objects.requireNonNull(certificate, "certificate");
        Objects.requireNonNull(privateKey, "privateKey");
        Objects.requireNonNull(reloadInterval, "reloadInterval");
    }

    /** The pair of files, checked every 10 s. */
    public static TlsConfig of(String certificate, String privateKey) {
        return new TlsConfig(certificate, privateKey, Duration.ofSeconds(10));
    }
}
