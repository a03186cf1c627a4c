package io.eragate.core.route;

import java.util.Arrays;
import java.util.Objects;

/**
 * A glob over an MCP method or name, as route rules (and policies) write them: {@code *} stands for any run of
 * characters, {@code /} included, possibly empty; {@code ?} for exactly one character; {@code \} makes the next
 * character literal. Every other character stands for itself, compared case-sensitively (header values and names are
 * case-sensitive in MCP). Matching is linear in practice and never backtracks exponentially, so a hostile name cannot
 * stall the event loop.
 *
 * <p>Examples: {@code tools/*} matches {@code tools/call} and {@code tools/list}; {@code file://*} matches every
 * {@code file:} URI; {@code add} matches only {@code add}; {@code get_?} matches {@code get_a} but not {@code get_}.
 */
public final class NameGlob {

    private static final char ANY_RUN = '*';
    private static final char ANY_ONE = '?';
    private static final char ESCAPE = '\\';
    /** Marks a pattern position that came from {@code *} or {@code ?}, not from a literal character. */
    private static final int WILD_RUN = -1;
    private static final int WILD_ONE = -2;

    private final String text;
    private final int[] pattern;

    private NameGlob(String text, int[] pattern) {
        this.text = text;
        this.pattern = pattern;
    }

    /**
     * Compiles {@code glob}.
     *
     * @throws IllegalArgumentException when it is empty or ends in an unfinished escape
     */
    public static NameGlob of(String glob) {
        Objects.requireNonNull(glob, "glob");
        if (glob.isEmpty()) {
            throw new IllegalArgumentException("a glob must not be empty (use \"*\" to match anything)");
        }
        int[] compiled = new int[glob.length()];
        int length = 0;
        for (int index = 0; index < glob.length(); index++) {
            char c = glob.charAt(index);
            if (c == ESCAPE) {
                if (index + 1 == glob.length()) {
                    throw new IllegalArgumentException("glob " + glob + " ends in an unfinished escape \"\\\"");
                }
                compiled[length++] = glob.charAt(++index);
            } else if (c == ANY_RUN) {
                if (length == 0 || compiled[length - 1] != WILD_RUN) {
                    compiled[length++] = WILD_RUN;
                }
            } else {
                compiled[length++] = c == ANY_ONE ? WILD_ONE : c;
            }
        }
        return new NameGlob(glob, Arrays.copyOf(compiled, length));
    }

    /** A glob that matches everything: {@code *}. */
    public static NameGlob any() {
        return of("*");
    }

    /** Whether {@code value} matches; {@code null} (a request without a name) matches nothing, not even {@code *}. */
    public boolean matches(String value) {
        if (value == null) {
            return false;
        }
        // The classic greedy matcher with one backtrack point: the last '*' seen.
        int p = 0;
        int v = 0;
        int starP = -1;
        int starV = 0;
        while (v < value.length()) {
            if (p < pattern.length && (pattern[p] == WILD_ONE || pattern[p] == value.charAt(v))) {
                p++;
                v++;
            } else if (p < pattern.length && pattern[p] == WILD_RUN) {
                starP = p++;
                starV = v;
            } else if (starP >= 0) {
                p = starP + 1;
                v = ++starV;
            } else {
                return false;
            }
        }
        while (p < pattern.length && pattern[p] == WILD_RUN) {
            p++;
        }
        return p == pattern.length;
    }

    /** Whether this glob has no wildcard, so that it matches exactly one value. */
    public boolean isLiteral() {
        for (int part : pattern) {
            if (part < 0) {
                return false;
            }
        }
        return true;
    }

    /** The glob as written. */
    @Override
    public String toString() {
        return text;
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof NameGlob glob && glob.text.equals(text);
    }

    @Override
    public int hashCode() {
        return text.hashCode();
    }
}
