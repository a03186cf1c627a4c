package io.eragate.core.security;

import java.util.Locale;

/**
 * A parsed {@code host[:port]}: the host lowercased (an IPv6 literal keeps its brackets), the port or {@link #NO_PORT}.
 * Parsing is strict: anything beyond a host and an optional port (a path, user info, a list) is refused.
 */
record Authority(String host, int port) {

    static final int NO_PORT = -1;

    private static final int MAX_PORT = 65_535;

    /** Parses {@code text}, or returns {@code null} when it is not a plain {@code host[:port]}. */
    static Authority parse(String text) {
        if (text.isEmpty()) {
            return null;
        }
        int hostEnd;
        if (text.charAt(0) == '[') {
            hostEnd = text.indexOf(']');
            if (hostEnd < 2 || !isIpv6Body(text, 1, hostEnd)) {
                return null;
            }
            hostEnd++;
        } else {
            hostEnd = 0;
            while (hostEnd < text.length() && isRegNameChar(text.charAt(hostEnd))) {
                hostEnd++;
            }
            if (hostEnd == 0) {
                return null;
            }
        }
        String host = text.substring(0, hostEnd).toLowerCase(Locale.ROOT);
        if (hostEnd == text.length()) {
            return new Authority(host, NO_PORT);
        }
        if (text.charAt(hostEnd) != ':') {
            return null;
        }
        int port = parsePort(text, hostEnd + 1);
        return port < 0 ? null : new Authority(host, port);
    }

    private static int parsePort(String text, int from) {
        int length = text.length() - from;
        if (length < 1 || length > 5) {
            return -1;
        }
        int port = 0;
        for (int i = from; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c < '0' || c > '9') {
                return -1;
            }
            port = port * 10 + (c - '0');
        }
        return port <= MAX_PORT ? port : -1;
    }

    private static boolean isIpv6Body(String text, int from, int to) {
        for (int i = from; i < to; i++) {
            char c = text.charAt(i);
            boolean ok = (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F') || c == ':'
                    || c == '.';
            if (!ok) {
                return false;
            }
        }
        return true;
    }

    private static boolean isRegNameChar(char c) {
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-' || c == '.'
                || c == '_';
    }

    @Override
    public String toString() {
        return port == NO_PORT ? host : host + ":" + port;
    }
}
