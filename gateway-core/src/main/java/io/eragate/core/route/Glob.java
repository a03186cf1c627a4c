package io.eragate.core.route;

import java.util.Objects;

/**
 * A pattern over a validated method or name: {@code *} stands for any run of characters (also none), every other
 * character stands for itself, compared case-sensitively; there is no escape and no other wildcard. Used by route
 * rules and by identity policies and rate-limit rules, so that one syntax covers them all.
 */
public final class Glob {

    private final String pattern;

    private Glob(String pattern) {
        this.pattern = pattern;
    }

    /** The glob {@code pattern}; never null. */
    public static Glob of(String pattern) {
        return new Glob(Objects.requireNonNull(pattern, "pattern"));
    }

    /** The pattern as written. */
    public String pattern() {
        return pattern;
    }

    /** Whether {@code text} matches the whole pattern; a null text (a request without a name) matches nothing. */
    public boolean matches(String text) {
        if (text == null) {
            return false;
        }
        // Iterative matching with one backtrack point: linear for patterns of one star, and never exponential.
        int p = 0;
        int t = 0;
        int starAt = -1;
        int resumeAt = 0;
        while (t < text.length()) {
            if (p < pattern.length() && pattern.charAt(p) == '*') {
                starAt = p++;
                resumeAt = t;
            } else if (p < pattern.length() && pattern.charAt(p) == text.charAt(t)) {
                p++;
                t++;
            } else if (starAt >= 0) {
                p = starAt + 1;
                t = ++resumeAt;
            } else {
                return false;
            }
        }
        while (p < pattern.length() && pattern.charAt(p) == '*') {
            p++;
        }
        return p == pattern.length();
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof Glob glob && glob.pattern.equals(pattern);
    }

    @Override
    public int hashCode() {
        return pattern.hashCode();
    }

    @Override
    public String toString() {
        return pattern;
    }
}
