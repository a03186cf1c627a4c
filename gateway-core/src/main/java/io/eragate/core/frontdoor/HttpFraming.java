package io.eragate.core.frontdoor;

import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
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
        try {
            StandardCharsets.UTF_8.newDecoder()
                    .onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT)
                    .decode(ByteBuffer.wrap(body));
            return Optional.empty();
        } catch (CharacterCodingException e) {
            return Optional.of("it has an invalid UTF-8 byte sequence");
        }
    }

    private static String foreignByteOrderMark(byte[] body) {
        if (startsWith(body, 0x00, 0x00, 0xFE, 0xFF)) {
            return "UTF-32BE";
        }
        if (startsWith(body, 0xFF, 0xFE, 0x00, 0x00)) {
            return "UTF-32LE";
        }
        if (startsWith(body, 0xFE, 0xFF)) {
            return "UTF-16BE";
        }
        if (startsWith(body, 0xFF, 0xFE)) {
            return "UTF-16LE";
        }
        return null;
    }

    private static boolean startsWith(byte[] body, int... prefix) {
        if (body.length < prefix.length) {
            return false;
        }
        for (int i = 0; i < prefix.length; i++) {
            if ((body[i] & 0xFF) != prefix[i]) {
                return false;
            }
        }
        return true;
    }
}
