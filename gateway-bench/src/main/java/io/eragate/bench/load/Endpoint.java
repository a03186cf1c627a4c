package io.eragate.bench.load;

import java.util.Objects;

/**
 * Where a scenario's requests go: always a loopback address.
 *
 * @param host the IP literal to connect to
 * @param port the TCP port
 * @param path the request path
 */
public record Endpoint(String host, int port, String path) {

    public Endpoint {
        Objects.requireNonNull(host, "host");
        Objects.requireNonNull(path, "path");
        if (port < 1 || port > 65_535) {
            throw new IllegalArgumentException("port out of range: " + port);
        }
    }

    /** {@code 127.0.0.1:<port>} on {@code path}. */
    public static Endpoint loopback(int port, String path) {
        return new Endpoint("127.0.0.1", port, path);
    }

    /** The {@code Host} header value. */
    public String authority() {
        return host + ":" + port;
    }
}
