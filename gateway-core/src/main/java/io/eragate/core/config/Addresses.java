package io.eragate.core.config;

import java.net.URI;
import java.net.URISyntaxException;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Syntax checks for the host names, host entries, origins and URLs that the configuration accepts. */
final class Addresses {

    private static final String LABEL = "[A-Za-z0-9_](?:[A-Za-z0-9_-]{0,61}[A-Za-z0-9_])?";
    private static final Pattern HOST_NAME = Pattern.compile(LABEL + "(?:\\." + LABEL + ")*");
    private static final Pattern IPV6 = Pattern.compile("[0-9A-Fa-f:.]{2,45}");
    private static final Pattern HOST_ENTRY =
            Pattern.compile("(?:(" + LABEL + "(?:\\." + LABEL + ")*)|\\[([0-9A-Fa-f:.]{2,45})\\])(?::([0-9]{1,5}))?");
    private static final Pattern ORIGIN = Pattern.compile("(?i:https?)://(.*)");
    private static final Set<String> WILDCARDS = Set.of("0.0.0.0", "::", "0:0:0:0:0:0:0:0");
    private static final int MAX_HOST_NAME_LENGTH = 253;

    private Addresses() {
    }

    /** A host to bind or connect to: a DNS name, an IPv4 address, or an IPv6 address without brackets. */
    static boolean isHost(String host) {
        if (host.length() > MAX_HOST_NAME_LENGTH) {
            return false;
        }
        return HOST_NAME.matcher(host).matches() || isIpv6(host);
    }

    /** An entry of {@code security.allowedHosts}: a host with an optional port, IPv6 in brackets. */
    static boolean isHostEntry(String entry) {
        Matcher matcher = HOST_ENTRY.matcher(entry);
        if (!matcher.matches()) {
            return false;
        }
        String name = matcher.group(1);
        if (name != null && name.length() > MAX_HOST_NAME_LENGTH) {
            return false;
        }
        String ipv6 = matcher.group(2);
        if (ipv6 != null && !isIpv6(ipv6)) {
            return false;
        }
        String port = matcher.group(3);
        return port == null || isPort(port);
    }

    /** An entry of {@code security.allowedOrigins}: {@code http} or {@code https}, {@code ://}, a host entry. */
    static boolean isOrigin(String origin) {
        Matcher matcher = ORIGIN.matcher(origin);
        return matcher.matches() && isHostEntry(matcher.group(1));
    }

    /** Whether an upstream URL is absolute, http(s), with a host. */
    static boolean isHttpUrl(URI url) {
        String scheme = url.getScheme();
        return url.isAbsolute()
                && ("http".equalsIgnoreCase(scheme) || "https".equalsIgnoreCase(scheme))
                && url.getHost() != null
                && !url.isOpaque();
    }

    /** Parses a URL, or returns null when it is not a URI at all. */
    static URI parseUri(String text) {
        try {
            return new URI(text);
        } catch (URISyntaxException notAUri) {
            return null;
        }
    }

    /** A bind host as it appears in a {@code Host} header: lower case, IPv6 in brackets. */
    static String hostHeaderForm(String host) {
        String lower = host.toLowerCase(Locale.ROOT);
        return lower.indexOf(':') >= 0 ? "[" + lower + "]" : lower;
    }

    /** Whether two bind hosts can collide on the same port: equal, or either is a wildcard address. */
    static boolean overlap(String host, String other) {
        return host.equalsIgnoreCase(other) || WILDCARDS.contains(host) || WILDCARDS.contains(other);
    }

    /**
     * Whether {@code host} (a bind host or a URL host, IPv6 with or without brackets) names only this machine:
     * {@code localhost}, {@code 127.0.0.0/8} or {@code ::1}. Wildcards and every other address are not loopback.
     */
    public static boolean isLoopback(String host) {
        String bare = host.startsWith("[") && host.endsWith("]") ? host.substring(1, host.length() - 1) : host;
        String lower = bare.toLowerCase(Locale.ROOT);
        return "localhost".equals(lower) || lower.startsWith("127.") || "::1".equals(lower)
                || "0:0:0:0:0:0:0:1".equals(lower);
    }

    private static boolean isIpv6(String host) {
        return IPV6.matcher(host).matches() && host.indexOf(':') >= 0;
    }

    private static boolean isPort(String digits) {
        int port = Integer.parseInt(digits);
        return port >= 1 && port <= 65_535;
    }
}
