package io.eragate.core.era;

import java.net.URI;
import java.util.Locale;
import java.util.Objects;

/**
 * The unit an era belongs to: one upstream MCP endpoint, identified by scheme, host, port and path. The path is part
 * of the key because two MCP servers behind one host can be of different eras. Query, fragment and user info are not
 * (user info is a credential and must never reach logs, reports or the era file).
 *
 * <p>Values are normalized: scheme and host in lower case, the default port filled in, an empty path read as
 * {@code /}. The path keeps its percent-encoding and any trailing slash, since {@code /mcp} and {@code /mcp/} may be
 * different endpoints.
 *
 * @param scheme {@code http} or {@code https} (also {@code ws}/{@code wss}, which default to the same ports)
 * @param host the host name or IP literal (IPv6 in brackets, as {@link URI#getHost()} gives it)
 * @param port 1..65535
 * @param path the raw path, starting with {@code /}
 */
public record OriginKey(String scheme, String host, int port, String path) {

    public OriginKey {
        Objects.requireNonNull(scheme, "scheme");
        Objects.requireNonNull(host, "host");
        Objects.requireNonNull(path, "path");
        scheme = scheme.toLowerCase(Locale.ROOT);
        host = host.toLowerCase(Locale.ROOT);
        path = path.isEmpty() ? "/" : path;
        if (host.isEmpty()) {
            throw new IllegalArgumentException("an origin needs a host");
        }
        if (port < 1 || port > 65_535) {
            throw new IllegalArgumentException("port must be in 1..65535, not " + port);
        }
        if (!path.startsWith("/")) {
            throw new IllegalArgumentException("path must start with '/', not " + path);
        }
    }

    /**
     * The origin of an absolute URL.
     *
     * @throws IllegalArgumentException when the URL has no scheme or host, or has no port and a scheme without a
     *     known default port
     */
    public static OriginKey of(URI url) {
        Objects.requireNonNull(url, "url");
        if (url.getScheme() == null || url.getHost() == null) {
            throw new IllegalArgumentException("an upstream URL needs a scheme and a host: " + redacted(url));
        }
        String scheme = url.getScheme().toLowerCase(Locale.ROOT);
        int port = url.getPort() >= 0 ? url.getPort() : defaultPort(scheme, url);
        String path = url.getRawPath() == null ? "" : url.getRawPath();
        return new OriginKey(scheme, url.getHost(), port, path);
    }

    /** The origin as a URL with an explicit port, e.g. {@code http://127.0.0.1:3001/mcp}. */
    @Override
    public String toString() {
        return scheme + "://" + host + ":" + port + path;
    }

    private static int defaultPort(String scheme, URI url) {
        return switch (scheme) {
            case "http", "ws" -> 80;
            case "https", "wss" -> 443;
            default -> throw new IllegalArgumentException(
                    "no default port for scheme " + scheme + "; give one in " + redacted(url));
        };
    }

    private static String redacted(URI url) {
        return url.getRawUserInfo() == null ? url.toString() : url.toString().replace(url.getRawUserInfo() + "@", "");
    }
}
