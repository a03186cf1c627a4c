package io.eragate.core.config;

import static io.eragate.core.config.ConfigUnits.KIB;
import static io.eragate.core.config.ConfigUnits.MIB;

import java.net.URI;
import java.time.Duration;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Reads each configuration section from its {@link ConfigMapping}: one line per key, holding the key's name, default
 * and bounds, followed by the checks that span keys. The defaults of the records come from these same lines.
 */
final class ConfigReader {

    static final String HOST_RULE = "must be a host name or an IP address (IPv6 without brackets)";
    static final String HOST_ENTRY_RULE =
            "must be a host with an optional port, like \"example.com\", \"example.com:8443\" or \"[::1]:8080\"";
    static final String ORIGIN_RULE = "must be an origin like \"https://example.com\" or \"http://localhost:8080\""
            + " (http or https, a host, an optional port, no path)";

    private static final Pattern UPSTREAM_NAME = Pattern.compile("[A-Za-z0-9._-]{1,64}");
    private static final Pattern PATH_FORBIDDEN = Pattern.compile("[?#\\s]");
    private static final Duration MIN_TIMEOUT = Duration.ofMillis(1);
    private static final Duration MAX_TIMEOUT = Duration.ofHours(24);

    static final ListenConfig DEFAULT_LISTEN = ConfigMapping.defaults(ConfigReader::listen);
    static final AdminConfig DEFAULT_ADMIN = ConfigMapping.defaults(ConfigReader::admin);
    static final SecurityConfig DEFAULT_SECURITY = ConfigMapping.defaults(ConfigReader::security);
    static final LimitsConfig DEFAULT_LIMITS = ConfigMapping.defaults(ConfigReader::limits);
    static final ErasConfig DEFAULT_ERAS = ConfigMapping.defaults(ConfigReader::eras);
    static final BridgeConfig DEFAULT_BRIDGE = ConfigMapping.defaults(ConfigReader::bridge);
    static final SubscriptionsConfig DEFAULT_SUBSCRIPTIONS = ConfigMapping.defaults(ConfigReader::subscriptions);

    private ConfigReader() {
    }

    /** The whole file. Sections are read in record order, so problems come out in that order. */
    static GatewayConfig gateway(ConfigMapping root) {
        int problemsBefore = root.problemCount();
        ListenConfig listen = root.mapping("listen", ConfigReader::listen);
        AdminConfig admin = root.mapping("admin", section -> {
            AdminConfig value = admin(section);
            if (root.problemCount() == problemsBefore) {
                checkApart(section, listen, value);
            }
            return value;
        });
        Set<String> upstreamNames = new LinkedHashSet<>();
        List<UpstreamConfig> upstreams =
                root.list("upstreams", "upstream", entry -> upstream(entry, upstreamNames));
        Set<String> routePaths = new HashSet<>();
        List<RouteConfig> routes =
                root.list("routes", "route", entry -> route(entry, upstreamNames, routePaths));
        SecurityConfig security = root.mapping("security", ConfigReader::security);
        LimitsConfig limits = root.mapping("limits", ConfigReader::limits);
        ErasConfig eras = root.mapping("eras", ConfigReader::eras);
        BridgeConfig bridge = root.mapping("bridge", ConfigReader::bridge);
        SubscriptionsConfig subscriptions = root.mapping("subscriptions", ConfigReader::subscriptions);
        return new GatewayConfig(listen, admin, upstreams, routes, security, limits, eras, bridge, subscriptions);
    }

    static ListenConfig listen(ConfigMapping section) {
        return new ListenConfig(
                section.text("host", "127.0.0.1", Addresses::isHost, HOST_RULE),
                section.integer("port", 8080, 0, 65_535));
    }

    static AdminConfig admin(ConfigMapping section) {
        return new AdminConfig(
                section.text("host", "127.0.0.1", Addresses::isHost, HOST_RULE),
                section.integer("port", 9090, 0, 65_535));
    }

    static SecurityConfig security(ConfigMapping section) {
        SecurityConfig security = new SecurityConfig(
                section.textList("allowedOrigins", Addresses::isOrigin, ORIGIN_RULE),
                section.textList("allowedHosts", Addresses::isHostEntry, HOST_ENTRY_RULE));
        if (section.isEmptyList("allowedHosts")) {
            section.problem("allowedHosts", "must not be empty, since every HTTP/1.1 request has a Host header;"
                    + " leave the key out to get the defaults");
        }
        return security;
    }

    static LimitsConfig limits(ConfigMapping section) {
        return new LimitsConfig(
                section.size("maxBodyBytes", 4 * MIB, KIB, 256 * MIB),
                section.intSize("maxHeaderBytes", (int) (16 * KIB), (int) KIB, (int) MIB),
                section.intSize("maxInitialLineBytes", (int) (8 * KIB), (int) KIB, (int) (64 * KIB)),
                section.integer("maxConnections", 10_000, 1, 1_000_000),
                section.duration("idleTimeout", Duration.ofSeconds(60), MIN_TIMEOUT, MAX_TIMEOUT),
                section.duration("upstreamConnectTimeout", Duration.ofSeconds(5), MIN_TIMEOUT, MAX_TIMEOUT),
                section.duration("upstreamResponseTimeout", Duration.ofSeconds(60), MIN_TIMEOUT, MAX_TIMEOUT),
                section.integer("maxUpstreamConnectionsPerEventLoop", 128, 1, 10_000),
                section.integer("maxPendingUpstreamAcquires", 1024, 1, 100_000));
    }

    static ErasConfig eras(ConfigMapping section) {
        return new ErasConfig(
                section.duration("ttl", Duration.ofHours(1), Duration.ofSeconds(1), Duration.ofDays(30)),
                section.integer("maxOrigins", 10_000, 1, 1_000_000),
                section.text("file", "", text -> text.isEmpty() || !text.isBlank(), "must be a file path or \"\""),
                section.duration("probeTimeout", Duration.ofSeconds(5), MIN_TIMEOUT, MAX_TIMEOUT));
    }

    static BridgeConfig bridge(ConfigMapping section) {
        return new BridgeConfig(
                section.integer("maxSessions", 1000, 1, 1_000_000),
                section.duration("sessionIdleExpiry", Duration.ofMinutes(10), Duration.ofSeconds(1), MAX_TIMEOUT),
                section.integer("maxInFlightPerSession", 256, 1, 100_000),
                section.duration("initializeTimeout", Duration.ofSeconds(10), MIN_TIMEOUT, MAX_TIMEOUT),
                section.duration("cacheTtl", Duration.ZERO, Duration.ZERO, MAX_TIMEOUT),
                section.choice("cacheScope", BridgeConfig.CacheScopeSetting.class,
                        BridgeConfig.CacheScopeSetting.PRIVATE),
                section.choice("sessionStrategy", BridgeConfig.SessionStrategy.class,
                        BridgeConfig.SessionStrategy.POOLED));
    }

    static SubscriptionsConfig subscriptions(ConfigMapping section) {
        return new SubscriptionsConfig(
                section.integer("maxListenersPerSession", 1024, 1, 100_000),
                section.integer("maxListeners", 10_000, 1, 1_000_000),
                section.duration("keepAliveInterval", Duration.ofSeconds(15), MIN_TIMEOUT, Duration.ofHours(1)),
                section.integer("maxResourceSubscriptions", 100, 1, 10_000));
    }

    /** One upstream; null when its name or URL is unusable. Every name seen, valid or not, joins {@code names}. */
    private static UpstreamConfig upstream(ConfigMapping entry, Set<String> names) {
        String name = entry.requiredText("name");
        boolean nameUsable = false;
        if (name != null) {
            if (!names.add(name)) {
                entry.problem("name", "duplicate name " + ConfigMapping.quote(name));
            } else if (!UPSTREAM_NAME.matcher(name).matches()) {
                entry.problem("name", "must match [A-Za-z0-9._-]{1,64}, got " + ConfigMapping.quote(name));
            } else {
                nameUsable = true;
            }
        }
        URI url = upstreamUrl(entry);
        EraSetting era = entry.choice("era", EraSetting.class, EraSetting.AUTO);
        return nameUsable && url != null ? new UpstreamConfig(name, url, era) : null;
    }

    private static URI upstreamUrl(ConfigMapping entry) {
        String text = entry.requiredText("url");
        if (text == null) {
            return null;
        }
        URI url = Addresses.parseUri(text);
        if (url != null && url.getRawUserInfo() != null) {
            // Not echoed: the value holds a secret.
            entry.problem("url", "must not contain credentials (user info before the host)");
            return null;
        }
        if (url == null || !Addresses.isHttpUrl(url)) {
            entry.problem("url", "must be an absolute http(s) URL, got " + ConfigMapping.quote(text));
            return null;
        }
        if (url.getRawFragment() != null) {
            entry.problem("url", "must not have a fragment (#...), got " + ConfigMapping.quote(text));
            return null;
        }
        return url;
    }

    /** One route; null when its path or upstream is unusable. */
    private static RouteConfig route(ConfigMapping entry, Set<String> upstreamNames, Set<String> paths) {
        String path = entry.requiredText("path");
        boolean pathUsable = false;
        if (path != null) {
            if (!path.startsWith("/")) {
                entry.problem("path", "must start with \"/\"");
            } else if (PATH_FORBIDDEN.matcher(path).find()) {
                entry.problem("path", "must not contain \"?\", \"#\" or whitespace, got " + ConfigMapping.quote(path));
            } else if (!paths.add(path)) {
                entry.problem("path", "duplicate path " + ConfigMapping.quote(path));
            } else {
                pathUsable = true;
            }
        }
        String upstream = entry.requiredText("upstream");
        boolean upstreamKnown = upstream != null && upstreamNames.contains(upstream);
        if (upstream != null && !upstreamKnown) {
            List<String> validNames =
                    upstreamNames.stream().filter(name -> UPSTREAM_NAME.matcher(name).matches()).toList();
            String known = validNames.isEmpty() ? "none" : String.join(", ", validNames);
            entry.problem("upstream", "unknown upstream " + ConfigMapping.quote(upstream) + " (known: " + known + ")");
        }
        return pathUsable && upstreamKnown ? new RouteConfig(path, upstream) : null;
    }

    /** Listen and admin are separate servers, so they cannot bind the same port on overlapping hosts. */
    private static void checkApart(ConfigMapping adminSection, ListenConfig listen, AdminConfig admin) {
        if (admin.port() == 0 || admin.port() != listen.port() || !Addresses.overlap(listen.host(), admin.host())) {
            return;
        }
        adminSection.problem("port", "must differ from listen.port: listen "
                + Addresses.hostHeaderForm(listen.host()) + ":" + listen.port() + " and admin "
                + Addresses.hostHeaderForm(admin.host()) + ":" + admin.port()
                + " would clash (use another port, or 0 for any free port)");
    }
}
