package io.eragate.core.bridge;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.eragate.core.security.UpstreamTextRedaction;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reduces an arbitrary upstream body to a short line that is safe to show a client: the message of a JSON error
 * (JSON-RPC or a serialized exception) rather than its stack trace, the text of an HTML page rather than its markup,
 * the first part of plain text up to any stack frame; file paths, URLs, addresses and credentials redacted
 * ({@link UpstreamTextRedaction}), control characters removed, whitespace collapsed, bounded.
 */
final class BodySnippet {

    /** Longest snippet returned, in chars. */
    static final int MAX_CHARS = 200;
    /** Only this much of a body is looked at; an error page worth showing says what it has to say early. */
    static final int MAX_INSPECTED_BYTES = 16 * 1024;
    private static final int MAX_CONTENT_TYPE_CHARS = 100;

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Pattern SCRIPT_OR_STYLE =
            Pattern.compile("<(script|style)\\b[^>]*>.*?</\\1\\s*>", Pattern.CASE_INSENSITIVE | Pattern.DOTALL);
    private static final Pattern TAG = Pattern.compile("<[^>]*>?");
    /** The first line of a stack trace: an indented Java or Node frame, "... n more", or a Python traceback. */
    private static final Pattern STACK_FRAME = Pattern.compile(
            "(?m)^([ \\t]+at[ \\t]+\\S|[ \\t]*\\.\\.\\.[ \\t]*\\d+[ \\t]+more|Traceback \\(most recent call last\\))");
    private static final Pattern NOT_PRINTABLE = Pattern.compile("[\\p{Cntrl}\\p{Cf}\\p{Zl}\\p{Zp}]");
    private static final Pattern SPACES = Pattern.compile("\\s+");

    private BodySnippet() {
    }

    static String of(String contentType, byte[] body) {
        if (body == null || body.length == 0) {
            return "";
        }
        String text = new String(body, 0, Math.min(body.length, MAX_INSPECTED_BYTES), StandardCharsets.UTF_8);
        String type = contentType == null ? "" : contentType.toLowerCase(Locale.ROOT);
        String trimmed = text.strip();
        String extracted;
        if (type.contains("json") || trimmed.startsWith("{")) {
            extracted = jsonMessage(trimmed);
            if (extracted == null) {
                extracted = cutAtStackFrame(trimmed);
            }
        } else if (type.contains("html") || type.contains("xml") || trimmed.startsWith("<")) {
            extracted = htmlText(trimmed);
        } else {
            extracted = cutAtStackFrame(trimmed);
        }
        return bound(clean(UpstreamTextRedaction.redact(extracted)));
    }

    /** The content type as it may be shown: printable, bounded. */
    static String contentTypeForDisplay(String contentType) {
        return contentType == null ? "" : bound(clean(contentType), MAX_CONTENT_TYPE_CHARS);
    }

    /**
     * The message of a JSON error body: {@code error.message} (JSON-RPC), {@code jsonRpcError.message} (the Java
     * SDK's serialized exception), or a top-level {@code message} or textual {@code error}; {@code null} when the
     * text is not such JSON (truncated, or another shape).
     */
    private static String jsonMessage(String text) {
        JsonNode node;
        try {
            node = JSON.readTree(text);
        } catch (JsonProcessingException e) {
            return null;
        }
        if (node == null || !node.isObject()) {
            return null;
        }
        for (String path : new String[] {"/error/message", "/jsonRpcError/message", "/message", "/error"}) {
            JsonNode candidate = node.at(path);
            if (candidate.isTextual()) {
                return cutAtStackFrame(candidate.textValue());
            }
        }
        return "";
    }

    private static String htmlText(String html) {
        String withoutCode = SCRIPT_OR_STYLE.matcher(html).replaceAll(" ");
        String text = TAG.matcher(withoutCode).replaceAll(" ");
        // &lt; and &gt; stay encoded so that decoding can never bring markup back.
        return text.replace("&nbsp;", " ").replace("&quot;", "\"").replace("&#39;", "'").replace("&amp;", "&");
    }

    private static String cutAtStackFrame(String text) {
        Matcher frame = STACK_FRAME.matcher(text);
        return frame.find() ? text.substring(0, frame.start()) : text;
    }

    private static String clean(String text) {
        String printable = NOT_PRINTABLE.matcher(text).replaceAll(" ");
        return SPACES.matcher(printable).replaceAll(" ").strip();
    }

    private static String bound(String text) {
        return bound(text, MAX_CHARS);
    }

    private static String bound(String text, int max) {
        if (text.length() <= max) {
            return text;
        }
        int end = max - 1;
        if (Character.isHighSurrogate(text.charAt(end - 1))) {
            end--;
        }
        return text.substring(0, end) + "…";
    }
}
