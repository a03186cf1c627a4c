package io.eragate.core.config;

import io.eragate.core.security.SecretTemplate;
import java.net.URI;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Reads {@code upstreams[].headers} and {@code upstreams[].oauth}. Values may hold secrets, so problems name keys and
 * references, never values.
 */
final class UpstreamCredentialsReader {

    private static final Pattern TOKEN = Pattern.compile("[!#$%&'*+.^_`|~0-9A-Za-z-]{1,64}");
    /** Headers the gateway derives itself; configuring them would break the transport or the forwarding. */
    private static final Set<String> RESERVED = Set.of("host", "content-length", "content-type", "accept",
            "transfer-encoding", "connection", "mcp-session-id", "mcp-protocol-version", "mcp-method", "mcp-name",
            "last-event-id", "forwarded", "x-forwarded-for", "upgrade", "te", "trailer", "keep-alive");

    private UpstreamCredentialsReader() {
    }

    static Map<String, String> headers(ConfigMapping entry) {
        Map<String, String> headers = entry.textMap("headers",
                name -> TOKEN.matcher(name).matches() && !RESERVED.contains(name.toLowerCase(Locale.ROOT)),
                "must be a header name the gateway does not set itself (not Host, Content-*, Accept, Mcp-*, ...)");
        if (headers == null) {
            return Map.of();
        }
        for (Map.Entry<String, String> header : headers.entrySet()) {
            String problem = SecretTemplate.problem(header.getValue());
            if (problem != null) {
                entry.problem("headers", "the value of " + header.getKey() + " " + problem);
            } else if (header.getValue().indexOf('\r') >= 0 || header.getValue().indexOf('\n') >= 0) {
                entry.problem("headers", "the value of " + header.getKey() + " has a line break");
            }
        }
        return headers;
    }

    static UpstreamOAuthConfig oauth(ConfigMapping section) {
        String tokenUrl = section.requiredText("tokenUrl");
        URI url = tokenUrl == null ? null : Addresses.parseUri(tokenUrl);
        if (tokenUrl != null && (url == null || !Addresses.isHttpUrl(url) || url.getRawUserInfo() != null)) {
            section.problem("tokenUrl", "must be an absolute http(s) URL without credentials");
            url = null;
        }
        String clientId = secretText(section, "clientId");
        String clientSecret = secretText(section, "clientSecret");
        List<String> scopes = section.textList("scopes", scope -> !scope.isBlank() && scope.indexOf(' ') < 0,
                "must be one scope token");
        TokenExchangeConfig exchange = section.has("tokenExchange")
                ? section.mapping("tokenExchange", UpstreamCredentialsReader::tokenExchange) : null;
        if (url == null || clientId == null || clientSecret == null) {
            return null;
        }
        return new UpstreamOAuthConfig(url, clientId, clientSecret, scopes == null ? List.of() : scopes, exchange);
    }

    private static TokenExchangeConfig tokenExchange(ConfigMapping section) {
        String audience = section.requiredText("audience");
        if (audience != null && audience.isBlank()) {
            section.problem("audience", "must name the upstream's audience (a URI or an identifier)");
            audience = null;
        }
        String resource = section.text("resource", null, text -> {
            URI uri = Addresses.parseUri(text);
            return uri != null && uri.isAbsolute() && uri.getRawFragment() == null;
        }, "must be an absolute URI without a fragment (RFC 8707)");
        List<String> scopes = section.textList("scopes", scope -> !scope.isBlank() && scope.indexOf(' ') < 0,
                "must be one scope token");
        long maxCachedTokens = section.integer("maxCachedTokens", (int) TokenExchangeConfig.DEFAULT_MAX_CACHED_TOKENS,
                1, 1_000_000);
        if (audience == null) {
            return null;
        }
        return new TokenExchangeConfig(audience, resource == null ? null : URI.create(resource),
                scopes == null ? List.of() : scopes, maxCachedTokens);
    }

    /** Exchanging the client's token needs a validated client token, so {@code tokenExchange} needs {@code auth}. */
    static void tokenExchanges(ConfigMapping root, List<UpstreamConfig> upstreams, boolean authOn) {
        for (int index = 0; index < upstreams.size(); index++) {
            UpstreamConfig upstream = upstreams.get(index);
            if (!authOn && upstream != null && upstream.oauth() != null
                    && upstream.oauth().tokenExchange() != null) {
                root.problemAt("upstreams", index, "oauth.tokenExchange needs the auth section: it exchanges the"
                        + " client's validated token");
            }
        }
    }

    /** A required value that may hold {@code ${env:...}}/{@code ${file:...}}; null (and a problem) when broken. */
    static String secretText(ConfigMapping section, String key) {
        String text = section.requiredText(key);
        if (text == null) {
            return null;
        }
        String problem = SecretTemplate.problem(text);
        if (problem != null) {
            section.problem(key, problem);
            return null;
        }
        return text;
    }
}
