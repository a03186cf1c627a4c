package io.eragate.core.config;

import java.util.Objects;

/**
 * Where the gateway accepts MCP clients.
 *
 * @param host the address to bind: a host name, an IPv4 address or an IPv6 address without brackets (default
 *             {@code 127.0.0.1}, loopback only)
 * @param port the TCP port, 0..65535, where 0 asks the system for a free port (default {@code 8080})
 */
public record ListenConfig(String host, int port) {

    public ListenConfig {
        Objects.requireNonNull(host, "host");
    }

    /** {@code 127.0.0.1:8080}. */
    public static ListenConfig defaults() {
        return ConfigReader.DEFAULT_LISTEN;
    }
}
