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
 * @param tls whether the connection uses TLS ({@code https})
 * @param credentials the gateway's own credentials for this upstream, added to every request sent to it
 */
public record UpstreamTarget(String name, URI url, String host, int port, String pathAndQuery, String hostHeader,
        boolean tls, UpstreamCredentials credentials) {

    public UpstreamTarget {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(url, "url");
        Objects.requireNonNull(host, "host");
        Objects.requireNonNull(credentials, "credentials");
    }

    /** This target with the gateway's credentials for it. */
    public UpstreamTarget withCredentials(UpstreamCredentials newCredentials) {
        return new UpstreamTarget(name, url, host, port, pathAndQuery, hostHeader, tls, newCredentials);
    }

    /** Another endpoint of the same upstream (an HTTP+SSE message endpoint), with the same credentials. */
    public UpstreamTarget withUrl(URI newUrl) {
        return of(name, newUrl).withCredentials(credentials);
    }

    /** Parses an {@code http://} or {@code https://} URL. */
    public static UpstreamTarget of(String name, URI url) {
        String scheme = url.getScheme() == null ? "" : url.getScheme().toLowerCase(Locale.ROOT);
        boolean tls = scheme.equals("https");
        if (!tls && !scheme.equals("http")) {
            throw new IllegalArgumentException("upstream " + name + ": the URL must be http or https, got " + url);
        }
        String host = url.getHost();
        if (host == null) {
            throw new IllegalArgumentException("upstream " + name + ": URL has no host: " + url);
        }
        int port = url.getPort() != -1 ? url.getPort() : tls ? 443 : 80;
        String path = url.getRawPath() == null || url.getRawPath().isEmpty() ? "/" : url.getRawPath();
        String pathAndQuery = url.getRawQuery() == null ? path : path + "?" + url.getRawQuery();
        String bareHost = host.startsWith("[") ? host.substring(1, host.length() - 1) : host;
        String hostHeader = url.getPort() == -1 ? host : host + ":" + port;
        return new UpstreamTarget(name, url, bareHost, port, pathAndQuery, hostHeader, tls, UpstreamCredentials.NONE);
    }
}
