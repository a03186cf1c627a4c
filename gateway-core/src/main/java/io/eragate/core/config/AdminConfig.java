package io.eragate.core.config;

import java.util.Objects;

/**
 * Where the admin endpoints ({@code /healthz}, {@code /readyz}, {@code /metrics}, {@code /admin/eras}) listen,
 * apart from MCP traffic.
 *
 * @param host the address to bind, as for {@link ListenConfig#host()} (default {@code 127.0.0.1})
 * @param port the TCP port, 0..65535, where 0 asks the system for a free port (default {@code 9090})
 * @param tls TLS on the admin listener, or null for plain HTTP (the default)
 */
public record AdminConfig(String host, int port, TlsConfig tls) {

    public AdminConfig {
        Objects.requireNonNull(host, "host");
    }

    /** A plain-HTTP admin listener. */
    public AdminConfig(String host, int port) {
        this(host, port, null);
    }

    /** {@code 127.0.0.1:9090}. */
    public static AdminConfig defaults() {
        return ConfigReader.DEFAULT_ADMIN;
    }
}
