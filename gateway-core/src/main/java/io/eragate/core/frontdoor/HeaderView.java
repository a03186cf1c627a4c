package io.eragate.core.frontdoor;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeMap;

/**
 * Read-only view of a request's header fields, as the HTTP layer received them. The front door never sees the HTTP
 * layer's own types; an adapter of a few lines implements this interface.
 */
public interface HeaderView {

    /**
     * The values of every field called {@code name}, compared case-insensitively, in the order received. Each value is
     * exactly as received (not trimmed, not split at commas). Empty when there is no such field.
     */
    List<String> all(String name);

    /**
     * The names of all fields present, in any case and in any order. A name may appear in several spellings; callers
     * compare case-insensitively. Needed to find the {@code Mcp-Param-*} fields, whose names are not known in advance.
     */
    Set<String> names();

    /**
     * Whether any field's name starts with {@code prefix}, compared case-insensitively. The front door asks this on
     * every request to skip the search for {@code Mcp-Param-*} fields when there are none; an adapter may answer it
     * without building the set of {@link #names()}.
     */
    default boolean hasNameStartingWith(String prefix) {
        Objects.requireNonNull(prefix, "prefix");
        for (String name : names()) {
            if (name.regionMatches(true, 0, prefix, 0, prefix.length())) {
                return true;
            }
        }
        return false;
    }

    /**
     * A view over a map of names to values, names compared case-insensitively; entries whose names differ only in case
     * are merged in the map's iteration order. For callers outside the HTTP layer and for tests.
     */
    static HeaderView of(Map<String, List<String>> fields) {
        Objects.requireNonNull(fields, "fields");
        Map<String, List<String>> byName = new TreeMap<>(String.CASE_INSENSITIVE_ORDER);
        Set<String> names = new LinkedHashSet<>();
        fields.forEach((name, values) -> {
            Objects.requireNonNull(name, "header name");
            for (String value : values) {
                Objects.requireNonNull(value, () -> "value of header " + name);
            }
            byName.computeIfAbsent(name, key -> new ArrayList<>()).addAll(values);
            if (!values.isEmpty()) {
                names.add(name);
            }
        });
        Map<String, List<String>> frozen = new TreeMap<>(String.CASE_INSENSITIVE_ORDER);
        byName.forEach((name, values) -> frozen.put(name, List.copyOf(values)));
        Set<String> frozenNames = Collections.unmodifiableSet(names);
        return new HeaderView() {
            @Override
            public List<String> all(String name) {
                return frozen.getOrDefault(Objects.requireNonNull(name, "name"), List.of());
            }

            @Override
            public Set<String> names() {
                return frozenNames;
            }

            @Override
            public String toString() {
                return "HeaderView" + frozen.keySet().stream().map(n -> n.toLowerCase(Locale.ROOT)).toList();
            }
        };
    }
}
