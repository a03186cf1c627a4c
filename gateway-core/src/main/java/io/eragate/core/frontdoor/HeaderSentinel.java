package io.eragate.core.frontdoor;

import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.Objects;

/**
 * The Base64 sentinel that carries values a plain HTTP field cannot: {@code =?base64?} + Base64(UTF-8 bytes) +
 * {@code ?=} (2026-07-28 Streamable HTTP, "value encoding"; used by {@code Mcp-Name} and {@code Mcp-Param-*}).
 *
 * <p>Decoding is strict. Only the exact lowercase prefix and suffix mark a sentinel ({@code =?BASE64?…?=} is a
 * literal value). The payload must be canonical RFC 4648 §4 Base64: standard alphabet, padding present, unused bits
 * zero. The decoded bytes must be valid UTF-8. A value that fails any of these is invalid, and a server answers it with
 * 400/-32020; silently accepting a second spelling of the same name would let two components disagree about it.
 */
public final class HeaderSentinel {

    /** The exact, case-sensitive sentinel prefix. */
    public static final String PREFIX = "=?base64?";
    /** The exact sentinel suffix. */
    public static final String SUFFIX = "?=";

    private static final int MIN_SENTINEL_LENGTH = PREFIX.length() + SUFFIX.length();

    private HeaderSentinel() {
    }

    /** What a header value means once the sentinel, if any, is removed. */
    public sealed interface DecodeResult {

        /** The value was not a sentinel and is taken literally. */
        record Literal(String value) implements DecodeResult {
        }

        /** The value was a valid sentinel; {@code value} is the decoded text. */
        record FromBase64(String value) implements DecodeResult {
        }

        /** The value was a sentinel with a payload that is not canonical Base64 of valid UTF-8. */
        record Invalid(String reason) implements DecodeResult {
        }

        /** Whether the value could be read (a literal or a valid sentinel). */
        default boolean isValid() {
            return !(this instanceof Invalid);
        }

        /** The readable value, or {@code null} for {@link Invalid}. */
        default String valueOrNull() {
            if (this instanceof Literal literal) {
                return literal.value();
            }
            if (this instanceof FromBase64 decoded) {
                return decoded.value();
            }
            return null;
        }
    }

    /**
     * The header value that carries {@code value}: the value itself when it is safe as a plain field value, else its
     * sentinel form. A value needs the sentinel when it is empty (some intermediaries drop empty fields), contains a
     * character outside visible ASCII and space (non-ASCII, or a control character such as tab, CR, LF or NUL), starts
     * or ends with a space or tab (HTTP trims those), or itself starts with the prefix and ends with the suffix (so it
     * is not mistaken for a sentinel).
     */
    public static String encode(String value) {
        Objects.requireNonNull(value, "value");
        if (!needsEncoding(value)) {
            return value;
        }
        return PREFIX + Base64.getEncoder().encodeToString(value.getBytes(StandardCharsets.UTF_8)) + SUFFIX;
    }

    /** Whether {@link #encode(String)} would wrap {@code value} in the sentinel. */
    public static boolean needsEncoding(String value) {
        Objects.requireNonNull(value, "value");
        int length = value.length();
        if (length == 0) {
            return true;
        }
        if (value.startsWith(PREFIX) && value.endsWith(SUFFIX)) {
            return true;
        }
        if (isSpaceOrTab(value.charAt(0)) || isSpaceOrTab(value.charAt(length - 1))) {
            return true;
        }
        for (int i = 0; i < length; i++) {
            char c = value.charAt(i);
            if (c < 0x20 || c > 0x7E) {
                return true;
            }
        }
        return false;
    }

    /** Whether {@code headerValue} has the exact sentinel form (lowercase prefix, suffix, room for both). */
    public static boolean isSentinel(String headerValue) {
        Objects.requireNonNull(headerValue, "headerValue");
        return headerValue.length() >= MIN_SENTINEL_LENGTH && headerValue.startsWith(PREFIX)
                && headerValue.endsWith(SUFFIX);
    }

    /**
     * Reads a header value (already trimmed of surrounding whitespace): a literal unless it has the exact sentinel
     * form, in which case the payload must be canonical Base64 of valid UTF-8.
     */
    public static DecodeResult decode(String headerValue) {
        Objects.requireNonNull(headerValue, "headerValue");
        if (!isSentinel(headerValue)) {
            return new DecodeResult.Literal(headerValue);
        }
        String payload = headerValue.substring(PREFIX.length(), headerValue.length() - SUFFIX.length());
        String problem = canonicalBase64Problem(payload);
        if (problem != null) {
            return new DecodeResult.Invalid(problem);
        }
        byte[] bytes = Base64.getDecoder().decode(payload);
        String text = strictUtf8(bytes);
        if (text == null) {
            return new DecodeResult.Invalid("the Base64 payload does not decode to valid UTF-8");
        }
        return new DecodeResult.FromBase64(text);
    }

    /** Why {@code payload} is not canonical padded Base64, or {@code null} when it is. */
    private static String canonicalBase64Problem(String payload) {
        int length = payload.length();
        int padding = 0;
        while (padding < length && payload.charAt(length - 1 - padding) == '=') {
            padding++;
        }
        int dataLength = length - padding;
        for (int i = 0; i < dataLength; i++) {
            if (alphabetValue(payload.charAt(i)) < 0) {
                return "the Base64 payload has the character '" + payload.charAt(i) + "' at position " + i
                        + ", outside the standard alphabet";
            }
        }
        if (padding > 2) {
            return "the Base64 payload ends with " + padding + " padding characters; at most 2 are allowed";
        }
        if (length % 4 != 0) {
            return "the Base64 payload length " + length + " is not a multiple of 4 (padding is required)";
        }
        if (padding > 0) {
            int lastBits = alphabetValue(payload.charAt(dataLength - 1));
            int unusedMask = padding == 2 ? 0x0F : 0x03;
            if ((lastBits & unusedMask) != 0) {
                return "the Base64 payload is not canonical (non-zero bits before the padding)";
            }
        }
        return null;
    }

    private static int alphabetValue(char c) {
        if (c >= 'A' && c <= 'Z') {
            return c - 'A';
        }
        if (c >= 'a' && c <= 'z') {
            return c - 'a' + 26;
        }
        if (c >= '0' && c <= '9') {
            return c - '0' + 52;
        }
        if (c == '+') {
            return 62;
        }
        if (c == '/') {
            return 63;
        }
        return -1;
    }

    private static String strictUtf8(byte[] bytes) {
        CharsetDecoder decoder = StandardCharsets.UTF_8.newDecoder()
                .onMalformedInput(CodingErrorAction.REPORT)
                .onUnmappableCharacter(CodingErrorAction.REPORT);
        CharBuffer out = CharBuffer.allocate(bytes.length);
        if (decoder.decode(ByteBuffer.wrap(bytes), out, true).isError() || decoder.flush(out).isError()) {
            return null;
        }
        return out.flip().toString();
    }

    private static boolean isSpaceOrTab(char c) {
        return c == ' ' || c == '\t';
    }
}
