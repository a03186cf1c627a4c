package io.eragate.netty.upstream;

import java.net.URI;
import java.util.Locale;
import java.util.Objects;

/**
 * Where one configured upstream lives, parsed once from its URL.
 *
 * @param name the configured upstream name
 * @param url the configured URL
 * @param host the host to connect to
 * @param port the port to connect to
 * @param pathAndQuery the request target sent upstream
 * @param hostHeader the {@code Host} header value sent upstream
 */
public record UpstreamTarget(String name, URI url, String host, int port, String pathAndQuery, String hostHeader) {

    public UpstreamTarget {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(url, "url");
        Objects.requireNonNull(host, "host");
    }

    /** Parses an {@code http://} URL; {@code https} upstreams are not supported yet and are refused. */
    public static UpstreamTarget of(String name, URI url) {
        String scheme = url.getScheme() == null ? "" : url.getScheme().toLowerCase(Locale.ROOT);
        if (!scheme.equals("http")) {
            throw new IllegalArgumentException("upstream " + name + ": only http:// URLs are supported, got " + url);
        }
        String host = url.getHost();
        if (host == null) {
            throw new IllegalArgumentException("upstream " + name + ": URL has no host: " + url);
        }
        int port = url.getPort() == -1 ? 80 : url.getPort();
        String path = url.getRawPath() == null || url.getRawPath().isEmpty() ? "/" : url.getRawPath();
        String pathAndQuery = url.getRawQuery() == null ? path : path + "?" + url.getRawQuery();
        String bareHost = host.startsWith("[") ? host.substring(1, host.length() - 1) : host;
        String hostHeader = url.getPort() == -1 ? host : host + ":" + port;
        return new UpstreamTarget(name, url, bareHost, port, pathAndQuery, hostHeader);
    }
}
