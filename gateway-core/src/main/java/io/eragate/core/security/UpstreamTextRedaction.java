package io.eragate.core.security;

import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Removes what an upstream's error text says about its insides before the text reaches a client: file paths
 * (POSIX, Windows, UNC, {@code file:} URLs, with any {@code :line:column}), URLs, IP addresses and {@code host:port}
 * pairs, and the values of credentials ({@code Bearer}/{@code Basic} tokens, {@code password=}, {@code token:},
 * {@code api_key=} and the like). Each is replaced by a bracketed word naming what was there, so the client still
 * learns what kind of failure it was. Pure; applied to every upstream body snippet the gateway relays.
 */
public final class UpstreamTextRedaction {
    private static final String PATH = "[path]";
    private static final String URL = "[url]";
    private static final String ADDRESS = "[address]";
    private static final String REDACTED = "[redacted]";
    private static final String LINE_COLUMN = "(?::\\d+){0,2}";

    private static final List<Rule> RULES = List.of(
            new Rule(Pattern.compile("(?i)\\bfile:/+[^\\s\"'<>]*"), PATH),
            new Rule(Pattern.compile("(?i)\\b[a-z][a-z0-9+.-]*://[^\\s\"'<>]+"), URL),
            new Rule(Pattern.compile("\\\\\\\\[^\\s\"'<>\\\\]+(?:\\\\[^\\s\"'<>\\\\]+)+"), PATH),
            new Rule(Pattern.compile("(?i)(?<![\\w])[a-z]:\\\\[^\\s\"'<>]*"), PATH),
            new Rule(Pattern.compile("(?<![\\w.\\-/~])~?/(?:[\\w.@+\\-]+/)+[\\w.@+\\-]*" + LINE_COLUMN), PATH),
            new Rule(Pattern.compile("(?<![\\w.\\-/])~/[\\w.@+\\-/]+" + LINE_COLUMN), PATH),
            new Rule(Pattern.compile("\\[[0-9a-fA-F]*:[0-9a-fA-F:.]+\\](?::\\d{1,5})?"), ADDRESS),
            new Rule(Pattern.compile("(?<![\\w.])(?:\\d{1,3}\\.){3}\\d{1,3}(?::\\d{1,5})?(?![\\w.])"), ADDRESS),
            new Rule(Pattern.compile("(?i)(?<![\\w.\\-])(?:[a-z0-9\\-]+\\.)*[a-z][a-z0-9\\-]*:\\d{2,5}(?![\\w.])"),
                    ADDRESS),
            new Rule(Pattern.compile("(?i)\\b(bearer|basic)\\s+[A-Za-z0-9._~+/=\\-]{6,}"), "$1 " + REDACTED),
            new Rule(Pattern.compile("(?i)\\b((?:password|passwd|pwd|secret|token|api[_\\-]?key|access[_\\-]?key"
                    + "|client[_\\-]?secret|authorization|cookie)\"?\\s*[=:]\\s*\"?)"
                    // A Bearer/Basic value was redacted by the rule before; its scheme name may stay.
                    + "(?!bearer\\b|basic\\b|\\[)[^\\s\"'&,;)<>]+"),
                    "$1" + REDACTED));

    private UpstreamTextRedaction() {
    }

    /** {@code text} without upstream internals; {@code null} stays {@code null}. */
    public static String redact(String text) {
        if (text == null || text.isEmpty()) {
            return text;
        }
        String out = text;
        for (Rule rule : RULES) {
            out = rule.pattern().matcher(out).replaceAll(rule.replacement());
        }
        return out;
    }

    private record Rule(Pattern pattern, String replacement) {
        Rule {
            // Replacements are fixed words or a group reference, never upstream text.
            replacement = replacement.startsWith("$") ? replacement : Matcher.quoteReplacement(replacement);
        }
    }
}
