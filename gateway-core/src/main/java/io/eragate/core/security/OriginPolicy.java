package io.eragate.core.security;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;

/**
 * Which {@code Origin} and {@code Host} values the gateway accepts: the DNS-rebinding defence that the MCP transport
 * requires of every server ({@code Origin}), extended to {@code Host} as the conformance suite checks it.
 *
 * <p>Rules, all comparisons case-insensitive:
 * <ul>
 *   <li>An origin entry {@code scheme://host} matches that scheme and host on any port; {@code scheme://host:port}
 *       matches only that port, where a request origin without a port has its scheme's default port (80 for http and
 *       ws, 443 for https and wss). The entry {@code *} matches every well-formed origin.</li>
 *   <li>A host entry {@code host} matches that host on any port; {@code host:port} matches only a {@code Host} field
 *       naming exactly that port. The entry {@code *} matches every well-formed host.</li>
 *   <li>IPv6 literals are written in brackets: {@code [::1]}, {@code http://[::1]:8080}. They compare as text, so
 *       {@code [::1]} and {@code [0:0:0:0:0:0:0:1]} are different entries.</li>
 *   <li>No {@code Origin} field: allowed (non-browser clients send none). More than one {@code Origin} field, the
 *       opaque origin {@code null}, or a value that is not {@code scheme://host[:port]}: rejected.</li>
 *   <li>No {@code Host} field, more than one, or one that is not {@code host[:port]}: rejected (HTTP/1.1 requires
 *       exactly one).</li>
 * </ul>
 * An empty list of entries allows nothing of that kind.
 */
public final class OriginPolicy {

    private static final String ANY = "*";
    private static final int MAX_QUOTED_CHARS = 100;

    private final List<OriginEntry> origins;
    private final boolean anyOrigin;
    private final List<Authority> hosts;
    private final boolean anyHost;

    private OriginPolicy(List<OriginEntry> origins, boolean anyOrigin, List<Authority> hosts, boolean anyHost) {
        this.origins = origins;
        this.anyOrigin = anyOrigin;
        this.hosts = hosts;
        this.anyHost = anyHost;
    }

    /**
     * A policy from configured entries.
     *
     * @param allowedOrigins entries such as {@code http://localhost}, {@code https://app.example.com:8443} or {@code *}
     * @param allowedHosts entries such as {@code localhost}, {@code 127.0.0.1:8080}, {@code [::1]} or {@code *}
     * @throws IllegalArgumentException naming the first entry that is not well-formed
     */
    public static OriginPolicy of(Collection<String> allowedOrigins, Collection<String> allowedHosts) {
        Objects.requireNonNull(allowedOrigins, "allowedOrigins");
        Objects.requireNonNull(allowedHosts, "allowedHosts");
        List<OriginEntry> origins = new ArrayList<>();
        boolean anyOrigin = false;
        for (String entry : allowedOrigins) {
            String trimmed = Objects.requireNonNull(entry, "allowed origin").trim();
            if (ANY.equals(trimmed)) {
                anyOrigin = true;
                continue;
            }
            OriginEntry parsed = OriginEntry.parse(trimmed);
            if (parsed == null) {
                throw new IllegalArgumentException("allowed origin \"" + entry
                        + "\" is not scheme://host or scheme://host:port");
            }
            origins.add(parsed);
        }
        List<Authority> hosts = new ArrayList<>();
        boolean anyHost = false;
        for (String entry : allowedHosts) {
            String trimmed = Objects.requireNonNull(entry, "allowed host").trim();
            if (ANY.equals(trimmed)) {
                anyHost = true;
                continue;
            }
            Authority parsed = Authority.parse(trimmed);
            if (parsed == null) {
                throw new IllegalArgumentException("allowed host \"" + entry + "\" is not host or host:port");
            }
            hosts.add(parsed);
        }
        return new OriginPolicy(List.copyOf(origins), anyOrigin, List.copyOf(hosts), anyHost);
    }

    /**
     * The policy for a gateway that only local clients use: hosts {@code localhost}, {@code 127.0.0.1} and
     * {@code [::1]} on any port, and http/https origins on those hosts.
     */
    public static OriginPolicy loopback() {
        List<String> hosts = List.of("localhost", "127.0.0.1", "[::1]");
        List<String> origins = new ArrayList<>();
        for (String host : hosts) {
            origins.add("http://" + host);
            origins.add("https://" + host);
        }
        return of(origins, hosts);
    }

    /**
     * Checks the {@code Origin} fields of a request.
     *
     * @param originHeaderValues every {@code Origin} field value, as received
     * @return empty when allowed, else the reason, which names the offending value
     */
    public Optional<String> checkOrigin(List<String> originHeaderValues) {
        Objects.requireNonNull(originHeaderValues, "originHeaderValues");
        if (originHeaderValues.isEmpty()) {
            return Optional.empty();
        }
        if (originHeaderValues.size() > 1) {
            return Optional.of("more than one Origin header field (" + originHeaderValues.size() + ")");
        }
        String value = trimOws(originHeaderValues.get(0));
        if (value.equalsIgnoreCase("null")) {
            return Optional.of("Origin \"null\" is not allowed (an opaque origin such as a sandboxed page or a file)");
        }
        OriginEntry origin = OriginEntry.parse(value);
        if (origin == null) {
            return Optional.of("Origin " + quote(value) + " is not scheme://host[:port]");
        }
        if (anyOrigin) {
            return Optional.empty();
        }
        for (OriginEntry allowed : origins) {
            if (allowed.admits(origin)) {
                return Optional.empty();
            }
        }
        return Optional.of("Origin " + quote(value) + " is not allowed");
    }

    /**
     * Checks the {@code Host} fields of a request.
     *
     * @param hostHeaderValues every {@code Host} field value, as received
     * @return empty when allowed, else the reason, which names the offending value
     */
    public Optional<String> checkHost(List<String> hostHeaderValues) {
        Objects.requireNonNull(hostHeaderValues, "hostHeaderValues");
        if (hostHeaderValues.isEmpty()) {
            return Optional.of("the Host header is missing (HTTP/1.1 requires it)");
        }
        if (hostHeaderValues.size() > 1) {
            return Optional.of("more than one Host header field (" + hostHeaderValues.size() + ")");
        }
        String value = trimOws(hostHeaderValues.get(0));
        Authority host = Authority.parse(value);
        if (host == null) {
            return Optional.of("Host " + quote(value) + " is not host[:port]");
        }
        if (anyHost) {
            return Optional.empty();
        }
        for (Authority allowed : hosts) {
            if (allowed.host().equals(host.host())
                    && (allowed.port() == Authority.NO_PORT || allowed.port() == host.port())) {
                return Optional.empty();
            }
        }
        return Optional.of("Host " + quote(value) + " is not allowed");
    }

    private static String trimOws(String value) {
        int start = 0;
        int end = value.length();
        while (start < end && (value.charAt(start) == ' ' || value.charAt(start) == '\t')) {
            start++;
        }
        while (end > start && (value.charAt(end - 1) == ' ' || value.charAt(end - 1) == '\t')) {
            end--;
        }
        return value.substring(start, end);
    }

    private static String quote(String value) {
        String shown = value.length() > MAX_QUOTED_CHARS ? value.substring(0, MAX_QUOTED_CHARS) + "…" : value;
        return "\"" + shown + "\"";
    }

    @Override
    public String toString() {
        return "OriginPolicy[origins=" + (anyOrigin ? "*" : origins) + ", hosts=" + (anyHost ? "*" : hosts) + "]";
    }

    /** A parsed origin {@code scheme://host[:port]}, scheme lowercased. */
    private record OriginEntry(String scheme, Authority authority) {

        static OriginEntry parse(String text) {
            int separator = text.indexOf("://");
            if (separator <= 0 || !isScheme(text, separator)) {
                return null;
            }
            Authority authority = Authority.parse(text.substring(separator + 3));
            return authority == null ? null : new OriginEntry(text.substring(0, separator).toLowerCase(Locale.ROOT),
                    authority);
        }

        /** Whether this configured entry admits the request origin {@code origin}. */
        boolean admits(OriginEntry origin) {
            if (!scheme.equals(origin.scheme) || !authority.host().equals(origin.authority.host())) {
                return false;
            }
            return authority.port() == Authority.NO_PORT || authority.port() == origin.effectivePort();
        }

        int effectivePort() {
            if (authority.port() != Authority.NO_PORT) {
                return authority.port();
            }
            return switch (scheme) {
                case "http", "ws" -> 80;
                case "https", "wss" -> 443;
                default -> Authority.NO_PORT;
            };
        }

        private static boolean isScheme(String text, int end) {
            char first = text.charAt(0);
            if (!((first >= 'a' && first <= 'z') || (first >= 'A' && first <= 'Z'))) {
                return false;
            }
            for (int i = 1; i < end; i++) {
                char c = text.charAt(i);
                boolean ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '+'
                        || c == '-' || c == '.';
                if (!ok) {
                    return false;
                }
            }
            return true;
        }

        @Override
        public String toString() {
            return scheme + "://" + authority;
        }
    }
}
