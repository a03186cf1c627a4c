package io.eragate.core.config;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * Which {@code Origin} and {@code Host} header values the gateway accepts (protection against DNS rebinding and
 * cross-site requests from browsers). A null list means the key was absent and the defaults apply; an explicit list,
 * even an empty origin list, replaces them. Entries without a port match any port.
 *
 * @param allowedOrigins {@code http(s)://host[:port]} entries, or null for the defaults
 * @param allowedHosts   {@code host[:port]} entries (IPv6 in brackets), or null for the defaults
 * @param secrets        the key ring of sealed state ({@code requestState}, sealed session ids): each at least 16
 *                       bytes; the first seals, all open; empty means a random key per process
 */
public record SecurityConfig(List<String> allowedOrigins, List<String> allowedHosts, List<String> secrets) {

    private static final List<String> LOCAL_HOSTS = List.of("localhost", "127.0.0.1", "[::1]");

    public SecurityConfig {
        allowedOrigins = allowedOrigins == null ? null : List.copyOf(allowedOrigins);
        allowedHosts = allowedHosts == null ? null : List.copyOf(allowedHosts);
        secrets = secrets == null ? List.of() : List.copyOf(secrets);
    }

    /** Origin and Host lists with no configured secrets. */
    public SecurityConfig(List<String> allowedOrigins, List<String> allowedHosts) {
        this(allowedOrigins, allowedHosts, List.of());
    }

    /** The secrets must not show up in logs or dumps of the configuration. */
    @Override
    public String toString() {
        return "SecurityConfig[allowedOrigins=" + allowedOrigins + ", allowedHosts=" + allowedHosts + ", secrets="
                + secrets.size() + " configured]";
    }

    /** No explicit lists: the defaults derived from the listen host apply. */
    public static SecurityConfig defaults() {
        return ConfigReader.DEFAULT_SECURITY;
    }

    /**
     * The {@code Host} values accepted: the explicit list, or else the listen host (lower case, IPv6 in brackets),
     * {@code localhost}, {@code 127.0.0.1} and {@code [::1]}, each on any port.
     */
    public List<String> effectiveAllowedHosts(ListenConfig listen) {
        Objects.requireNonNull(listen, "listen");
        return allowedHosts != null ? allowedHosts : defaultHosts(listen);
    }

    /**
     * The {@code Origin} values accepted: the explicit list, or else {@code http://} and {@code https://} with each
     * default host of {@link #effectiveAllowedHosts}, on any port.
     */
    public List<String> effectiveAllowedOrigins(ListenConfig listen) {
        Objects.requireNonNull(listen, "listen");
        if (allowedOrigins != null) {
            return allowedOrigins;
        }
        List<String> origins = new ArrayList<>();
        for (String host : defaultHosts(listen)) {
            origins.add("http://" + host);
            origins.add("https://" + host);
        }
        return List.copyOf(origins);
    }

    private static List<String> defaultHosts(ListenConfig listen) {
        Set<String> hosts = new LinkedHashSet<>();
        hosts.add(Addresses.hostHeaderForm(listen.host()));
        hosts.addAll(LOCAL_HOSTS);
        return List.copyOf(hosts);
    }
}
