package io.eragate.core.auth;

import java.util.List;
import java.util.Locale;

/**
 * The scheme of the gateway's public URL (the resource in challenges and metadata, and the default audience) as the
 * client used it. A listener with TLS is {@code https} whatever a header says. Behind an ingress that terminates TLS
 * the gateway sees plain HTTP, so, only when {@code auth.trustForwardedProto} says the ingress sets them, the scheme
 * comes from the first element of {@code Forwarded: proto=...} (RFC 7239), else from {@code X-Forwarded-Proto}.
 * Only {@code http} and {@code https} are taken; anything else is ignored. Pure.
 */
public final class ForwardedProto {

    private static final String HTTPS = "https";
    private static final String HTTP = "http";

    private ForwardedProto() {
    }

    /**
     * The public scheme.
     *
     * @param tls whether the listener speaks TLS
     * @param trusted whether forwarding headers are trusted ({@code auth.trustForwardedProto})
     * @param forwarded the {@code Forwarded} header values, in order
     * @param forwardedProto the {@code X-Forwarded-Proto} header values, in order
     */
    public static String scheme(boolean tls, boolean trusted, List<String> forwarded, List<String> forwardedProto) {
        if (tls) {
            return HTTPS;
        }
        if (!trusted) {
            return HTTP;
        }
        if (!forwarded.isEmpty()) {
            String proto = protoOfFirstElement(forwarded.get(0));
            if (proto != null) {
                return proto;
            }
        }
        if (!forwardedProto.isEmpty()) {
            String proto = known(firstElement(forwardedProto.get(0)));
            if (proto != null) {
                return proto;
            }
        }
        return HTTP;
    }

    /** {@code proto} of the first (the client-side) element of a {@code Forwarded} value, if known. */
    private static String protoOfFirstElement(String header) {
        for (String pair : firstElement(header).split(";")) {
            int equals = pair.indexOf('=');
            if (equals > 0 && pair.substring(0, equals).trim().equalsIgnoreCase("proto")) {
                String value = pair.substring(equals + 1).trim();
                if (value.length() >= 2 && value.startsWith("\"") && value.endsWith("\"")) {
                    value = value.substring(1, value.length() - 1);
                }
                return known(value);
            }
        }
        return null;
    }

    private static String firstElement(String header) {
        int comma = header.indexOf(',');
        return (comma < 0 ? header : header.substring(0, comma)).trim();
    }

    private static String known(String value) {
        String scheme = value.trim().toLowerCase(Locale.ROOT);
        return HTTPS.equals(scheme) || HTTP.equals(scheme) ? scheme : null;
    }
}
