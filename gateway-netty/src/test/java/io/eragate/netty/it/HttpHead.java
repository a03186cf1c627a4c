package io.eragate.netty.it;

import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * The status line and header fields of a response read from a raw socket; names compare case-insensitively.
 *
 * @param version the HTTP version of the status line
 * @param status the status code
 * @param headers every field value by name, in arrival order
 */
record HttpHead(String version, int status, Map<String, List<String>> headers) {

    List<String> all(String name) {
        return headers.getOrDefault(name, List.of());
    }

    Optional<String> first(String name) {
        return all(name).stream().findFirst();
    }

    boolean has(String name) {
        return headers.containsKey(name);
    }

    boolean isChunked() {
        return all("Transfer-Encoding").stream().anyMatch(v -> v.toLowerCase(Locale.ROOT).contains("chunked"));
    }
}
