package io.eragate.netty.testing;

import io.netty.handler.codec.http.HttpHeaders;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;

/** The headers of a recorded request: names compare case-insensitively, every value is kept in arrival order. */
public final class RecordedHeaders {
    private final Map<String, List<String>> valuesByName;

    private RecordedHeaders(Map<String, List<String>> valuesByName) {
        this.valuesByName = valuesByName;
    }

    static RecordedHeaders copyOf(HttpHeaders headers) {
        Map<String, List<String>> byName = new TreeMap<>(String.CASE_INSENSITIVE_ORDER);
        for (Map.Entry<String, String> header : headers) {
            byName.computeIfAbsent(header.getKey(), name -> new ArrayList<>()).add(header.getValue());
        }
        byName.replaceAll((name, values) -> List.copyOf(values));
        return new RecordedHeaders(Collections.unmodifiableMap(byName));
    }

    /** Every value of {@code name}, in arrival order; empty when absent. */
    public List<String> all(String name) {
        Objects.requireNonNull(name, "name");
        return valuesByName.getOrDefault(name, List.of());
    }

    /** The first value of {@code name}, if present. */
    public Optional<String> first(String name) {
        return all(name).stream().findFirst();
    }

    /** Whether the request carried {@code name} at all. */
    public boolean contains(String name) {
        return !all(name).isEmpty();
    }

    /** The header names as first received (case-insensitive set). */
    public Set<String> names() {
        return valuesByName.keySet();
    }

    @Override
    public String toString() {
        return valuesByName.toString();
    }
}
