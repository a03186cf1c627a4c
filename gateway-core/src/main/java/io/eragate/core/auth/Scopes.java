package io.eragate.core.auth;

import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.Objects;
import java.util.Set;

/**
 * Scope coverage with hierarchies, which the authorization spec asks servers to account for ("a broader scope
 * implies narrower ones"). Scopes form a hierarchy by colon-separated segments: {@code tools} covers
 * {@code tools:call} and {@code tools:call:delete}; {@code tools:call} covers itself and {@code tools:call:delete} but
 * not {@code tools} or {@code tools:list}. A scope without a colon covers only itself and its own children.
 */
public final class Scopes {

    private Scopes() {
    }

    /** Whether {@code granted} scope covers {@code required}: equal, or an ancestor by colon segments. */
    public static boolean covers(String granted, String required) {
        Objects.requireNonNull(granted, "granted");
        Objects.requireNonNull(required, "required");
        return required.equals(granted)
                || required.length() > granted.length() + 1 && required.startsWith(granted)
                        && required.charAt(granted.length()) == ':';
    }

    /** Whether some scope of {@code granted} covers {@code required}. */
    public static boolean anyCovers(Collection<String> granted, String required) {
        for (String scope : granted) {
            if (covers(scope, required)) {
                return true;
            }
        }
        return false;
    }

    /** The scopes of {@code required} that nothing in {@code granted} covers, in their order. */
    public static Set<String> missing(Collection<String> granted, Collection<String> required) {
        Set<String> missing = new LinkedHashSet<>();
        for (String scope : required) {
            if (!anyCovers(granted, scope)) {
                missing.add(scope);
            }
        }
        return missing;
    }
}
