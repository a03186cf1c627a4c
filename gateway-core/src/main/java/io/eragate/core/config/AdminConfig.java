package io.eragate.core.config;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * Where the admin endpoints ({@code /healthz}, {@code /readyz}, {@code /metrics}, {@code /admin/eras}) listen,
 * apart from MCP traffic, and which {@code Host} values they accept.
 *
 * @param host the address to bind, as for {@link ListenConfig#host()} (default {@code 127.0.0.1})
 * @param port the TCP port, 0..65535, where 0 asks the system for a free port (default {@code 9090})
 * @param allowedHosts {@code host[:port]} entries (IPv6 in brackets) accepted in {@code Host}, and as the host of an
 *     {@code Origin}, on every admin path but the probes'; null for the defaults (see {@link #effectiveAllowedHosts})
 * @param tls TLS on the admin listener, or null for plain HTTP (the default)
 */
public record AdminConfig(String host, int port, List<String> allowedHosts, TlsConfig tls) {

    private static final List<String> LOCAL_HOSTS = List.of("localhost", "127.0.0.1", "[::1]");

    public AdminConfig {
        Objects.requireNonNull(host, "host");
        allowedHosts = allowedHosts == null ? null : List.copyOf(allowedHosts);
    }

    /** A plain-HTTP admin listener at {@code host:port}, accepting the default hosts. */
    public AdminConfig(String host, int port) {
        this(host, port, null, null);
    }

    /** {@code 127.0.0.1:9090}. */
    public static AdminConfig defaults() {
        return ConfigReader.DEFAULT_ADMIN;
    }

    /**
     * The {@code Host} values accepted: the explicit list, or else the admin host (lower case, IPv6 in brackets),
     * {@code localhost}, {@code 127.0.0.1} and {@code [::1]}, each on any port.
     */
    public List<String> effectiveAllowedHosts() {
        if (allowedHosts != null) {
            return allowedHosts;
        }
        Set<String> hosts = new LinkedHashSet<>();
        hosts.add(Addresses.hostHeaderForm(host));
        hosts.addAll(LOCAL_HOSTS);
        return List.copyOf(hosts);
    }

    /** The {@code Origin} values accepted: {@code http://} and {@code https://} with each accepted host. */
    public List<String> effectiveAllowedOrigins() {
        List<String> origins = new ArrayList<>();
        for (String entry : effectiveAllowedHosts()) {
            if ("*".equals(entry)) {
                origins.add(entry);
            } else {
                origins.add("http://" + entry);
                origins.add("https://" + entry);
            }
        }
        return List.copyOf(origins);
    }
}
