package io.eragate.core.sseclient;

import java.util.Objects;
import java.util.Optional;
import java.util.function.Predicate;

/**
 * Which requests belong to the 2024-11-05 HTTP+SSE transport served beside a route (the spec's backwards
 * compatibility: the old endpoints live "alongside" the Streamable HTTP one): {@code GET <route path>/sse} opens a
 * session, {@code POST <route path>/messages?sessionId=…} carries one of its messages. Anything else is not this
 * transport's, and goes on to the route itself.
 */
public final class SseClientPaths {

    /** The suffix of the path that opens a session. */
    static final String SSE = "/sse";
    /** The suffix of the path that messages are POSTed to. */
    static final String MESSAGES = "/messages";
    /** The query parameter naming the session. */
    static final String SESSION_PARAMETER = "sessionId";

    /** What a request is to this transport. */
    public sealed interface Target {
        /** The route path it is served beside. */
        String routePath();
    }

    /** A GET that opens a session beside {@code routePath}. */
    public record Open(String routePath) implements Target {
    }

    /**
     * A POST of one message to the session {@code sessionId} (null when the query names none) beside
     * {@code routePath}.
     */
    public record Message(String routePath, String sessionId) implements Target {
    }

    private SseClientPaths() {
    }

    /**
     * What {@code method} on {@code path} with {@code query} (null: none) is to this transport, given which paths are
     * routes. A path that is a route itself is never this transport's, so a route named {@code …/sse} keeps working.
     */
    public static Optional<Target> classify(String method, String path, String query, Predicate<String> isRoute) {
        Objects.requireNonNull(method, "method");
        Objects.requireNonNull(path, "path");
        if (isRoute.test(path)) {
            return Optional.empty();
        }
        if ("GET".equals(method)) {
            return routeBefore(path, SSE, isRoute).map(Open::new);
        }
        if ("POST".equals(method)) {
            return routeBefore(path, MESSAGES, isRoute).map(route -> new Message(route, sessionIdOf(query)));
        }
        return Optional.empty();
    }

    /** The data of the {@code endpoint} event: where the session's messages go, relative to the server's origin. */
    public static String endpoint(String routePath, String sessionId) {
        Objects.requireNonNull(sessionId, "sessionId");
        String base = routePath.endsWith("/") ? routePath.substring(0, routePath.length() - 1) : routePath;
        return base + MESSAGES + "?" + SESSION_PARAMETER + "=" + sessionId;
    }

    private static Optional<String> routeBefore(String path, String suffix, Predicate<String> isRoute) {
        if (!path.endsWith(suffix)) {
            return Optional.empty();
        }
        String prefix = path.substring(0, path.length() - suffix.length());
        String route = prefix.isEmpty() ? "/" : prefix;
        if (isRoute.test(route)) {
            return Optional.of(route);
        }
        // A route written with a trailing slash ("/mcp/") serves "/mcp/sse" too.
        return isRoute.test(prefix + "/") ? Optional.of(prefix + "/") : Optional.empty();
    }

    /** The {@code sessionId} parameter of {@code query}; ids are URL-safe, so no decoding is needed. */
    static String sessionIdOf(String query) {
        if (query == null) {
            return null;
        }
        for (String pair : query.split("&")) {
            int equals = pair.indexOf('=');
            if (equals > 0 && pair.substring(0, equals).equals(SESSION_PARAMETER)) {
                String value = pair.substring(equals + 1);
                return value.isEmpty() ? null : value;
            }
        }
        return null;
    }
}
