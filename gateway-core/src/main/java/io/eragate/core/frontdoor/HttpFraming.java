package io.eragate.core.frontdoor;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;

/**
 * How strictly a request may travel, decided from its head before the body is read, and from the body's bytes before
 * they are read as JSON. Whatever is refused here is refused for every route and era, so that the gateway and the
 * upstream behind it can never disagree about where a request ends or what its bytes mean:
 *
 * <ul>
 *   <li>the protocol is HTTP, version 1.0 or 1.1 → else 400, or 505 for another version;</li>
 *   <li>the request target has no {@code #fragment} → else 400;</li>
 *   <li>{@code Transfer-Encoding}, when present, is exactly {@code chunked} on HTTP/1.1 → else 501 for an unknown
 *       coding ahead of a final {@code chunked}, or 400 when the body's length cannot be determined
 *       (RFC 9112 §6.1);</li>
 *   <li>no {@code Content-Encoding} → else 415 (bodies are never decoded, so a coded one would be misread);</li>
 *   <li>the body is UTF-8 (no UTF-16 or UTF-32 byte order mark, no invalid sequence) → else 400/-32700.</li>
 * </ul>
 */
public final class HttpFraming {

    private static final String CHUNKED = "chunked";

    private HttpFraming() {
    }

    /**
     * Checks a request head.
     *
     * @param protocol the request line's protocol, such as {@code HTTP/1.1}
     * @param target the request target as sent
     * @param transferEncodings every {@code Transfer-Encoding} field value
     * @param contentEncodings every {@code Content-Encoding} field value
     * @return the rejection, or empty when the head may be read on
     */
    public static Optional<Rejection> checkHead(String protocol, String target, List<String> transferEncodings,
            List<String> contentEncodings) {
        Objects.requireNonNull(protocol, "protocol");
        Objects.requireNonNull(target, "target");
        if (!protocol.startsWith("HTTP/")) {
            return Optional.of(FramingRejections.notHttp(protocol));
        }
        boolean http10 = protocol.equals("HTTP/1.0");
        if (!http10 && !protocol.equals("HTTP/1.1")) {
            return Optional.of(FramingRejections.versionNotSupported(protocol));
        }
        if (target.indexOf('#') >= 0) {
            return Optional.of(FramingRejections.fragmentInTarget(target));
        }
        if (!transferEncodings.isEmpty()) {
            Optional<Rejection> coding = checkTransferCoding(transferEncodings, http10);
            if (coding.isPresent()) {
                return coding;
            }
        }
        if (!contentEncodings.isEmpty()) {
            return Optional.of(FramingRejections.contentCodingUnsupported(String.join(", ", contentEncodings)));
        }
        return Optional.empty();
    }

    private static Optional<Rejection> checkTransferCoding(List<String> fieldValues, boolean http10) {
        String joined = String.join(", ", fieldValues);
        List<String> codings = new ArrayList<>();
        for (String value : fieldValues) {
            for (String coding : value.split(",", -1)) {
                codings.add(coding.strip().toLowerCase(Locale.ROOT));
            }
        }
        if (http10) {
            return Optional.of(FramingRejections.transferCodingInvalid(joined, "is not defined in HTTP/1.0"));
        }
        if (!CHUNKED.equals(codings.get(codings.size() - 1))) {
            return Optional.of(FramingRejections.transferCodingInvalid(joined,
                    "does not end with \"chunked\", so the body's length cannot be determined"));
        }
        if (codings.indexOf(CHUNKED) != codings.size() - 1) {
            return Optional.of(FramingRejections.transferCodingInvalid(joined, "applies \"chunked\" more than once"));
        }
        if (codings.size() > 1) {
            return Optional.of(FramingRejections.transferCodingNotImplemented(joined));
        }
        return Optional.empty();
    }

    /**
     * Why {@code body} is not UTF-8 JSON text, or empty when it is (an empty body is). A UTF-8 byte order mark is
     * allowed; a NUL byte is not (JSON cannot hold one raw, and the JSON parser would take it for UTF-16 or UTF-32).
     */
    public static Optional<String> utf8Problem(byte[] body) {
        Objects.requireNonNull(body, "body");
        String bom = foreignByteOrderMark(body);
        if (bom != null) {
            return Optional.of("it starts with the " + bom + " byte order mark");
        }
        for (byte b : body) {
            // JSON never holds a raw NUL, and UTF-16 or UTF-32 text without a byte order mark is full of them.
            if (b == 0) {
                return Optional.of("it has NUL bytes, as UTF-16 or UTF-32 text does");
            }
        }
        return isUtf8(body) ? Optional.empty() : Optional.of("it has an invalid UTF-8 byte sequence");
    }

    /**
     * Whether {@code bytes} is well-formed UTF-8 as the JDK's strict decoder sees it (RFC 3629: no overlong forms, no
     * encoded surrogates, nothing above U+10FFFF, no truncated sequence at the end). Checked in place: the JDK's
     * decoder would allocate a char array as large as the body for every request.
     */
    static boolean isUtf8(byte[] bytes) {
        int i = 0;
        int n = bytes.length;
        while (i < n) {
            int b = bytes[i];
            if (b >= 0) {
                i++;
                continue;
            }
            b &= 0xFF;
            int lo = 0x80;
            int hi = 0xBF;
            int continuations;
            if (b >= 0xC2 && b <= 0xDF) {
                continuations = 1;
            } else if (b >= 0xE0 && b <= 0xEF) {
                continuations = 2;
                if (b == 0xE0) {
                    lo = 0xA0;
                } else if (b == 0xED) {
                    hi = 0x9F;
                }
            } else if (b >= 0xF0 && b <= 0xF4) {
                continuations = 3;
                if (b == 0xF0) {
                    lo = 0x90;
                } else if (b == 0xF4) {
                    hi = 0x8F;
                }
            } else {
                return false;
            }
            if (n - i <= continuations) {
                return false;
            }
            int second = bytes[i + 1] & 0xFF;
            if (second < lo || second > hi) {
                return false;
            }
            for (int k = 2; k <= continuations; k++) {
                if ((bytes[i + k] & 0xC0) != 0x80) {
                    return false;
                }
            }
            i += continuations + 1;
        }
        return true;
    }

    private static String foreignByteOrderMark(byte[] body) {
        int first = body.length > 0 ? body[0] & 0xFF : -1;
        int second = body.length > 1 ? body[1] & 0xFF : -1;
        if (first == 0x00 && second == 0x00 && body.length >= 4 && (body[2] & 0xFF) == 0xFE
                && (body[3] & 0xFF) == 0xFF) {
            return "UTF-32BE";
        }
        if (first == 0xFF && second == 0xFE) {
            return body.length >= 4 && body[2] == 0 && body[3] == 0 ? "UTF-32LE" : "UTF-16LE";
        }
        if (first == 0xFE && second == 0xFF) {
            return "UTF-16BE";
        }
        return null;
    }
}
