package io.eragate.core.config;

import static io.eragate.core.config.ConfigUnits.KIB;
import static io.eragate.core.config.ConfigUnits.MIB;

import io.eragate.core.listen.ReopenBackoff;
import io.eragate.core.security.SealingKey;
import io.eragate.core.security.SecretTemplate;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
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
    private static final Pattern INSTANCE_ID = UPSTREAM_NAME;
    private static final Duration MIN_TIMEOUT = Duration.ofMillis(1);
    private static final Duration MAX_TIMEOUT = Duration.ofHours(24);
    static final Duration DEFAULT_REQUEST_HEADER_TIMEOUT = Duration.ofSeconds(10);
    private static final Pattern ENV_NAME = Pattern.compile("[A-Za-z_][A-Za-z0-9_]*");
    private static final int MAX_COMMAND_PARTS = 1024;
    /** The keys of an upstream that only a process has. */
    private static final List<String> PROCESS_KEYS = List.of("env", "cwd", "instances", "restart", "maxLineBytes",
            "maxPendingRequests", "requestTimeout");

    static final ListenConfig DEFAULT_LISTEN = ConfigMapping.defaults(ConfigReader::listen);
    static final AdminConfig DEFAULT_ADMIN = ConfigMapping.defaults(ConfigReader::admin);
    static final SecurityConfig DEFAULT_SECURITY = ConfigMapping.defaults(ConfigReader::security);
    static final LimitsConfig DEFAULT_LIMITS = ConfigMapping.defaults(ConfigReader::limits);
    static final ErasConfig DEFAULT_ERAS = ConfigMapping.defaults(ConfigReader::eras);
    static final BridgeConfig DEFAULT_BRIDGE = ConfigMapping.defaults(ConfigReader::bridge);
    static final MrtrConfig DEFAULT_MRTR = ConfigMapping.defaults(ConfigReader::mrtr);
    static final SubscriptionsConfig DEFAULT_SUBSCRIPTIONS = ConfigMapping.defaults(ConfigReader::subscriptions);
    static final SseClientsConfig DEFAULT_SSE_CLIENTS = ConfigMapping.defaults(ConfigReader::sseClients);
    static final ShutdownConfig DEFAULT_SHUTDOWN = ConfigMapping.defaults(ConfigReader::shutdown);
    static final LegacyClientsConfig DEFAULT_LEGACY_CLIENTS = ConfigMapping.defaults(ConfigReader::legacyClients);
    static final HealthConfig DEFAULT_HEALTH = ConfigMapping.defaults(ConfigReader::health);
    static final ReloadConfig DEFAULT_RELOAD = ConfigMapping.defaults(ConfigReader::reload);

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
                root.list("routes", "route", entry -> RouteReader.route(entry, upstreamNames, routePaths));
        SecurityConfig security = root.mapping("security", ConfigReader::security);
        LimitsConfig limits = root.mapping("limits", ConfigReader::limits);
        ErasConfig eras = root.mapping("eras", ConfigReader::eras);
        BridgeConfig bridge = root.mapping("bridge", ConfigReader::bridge);
        MrtrConfig mrtr = root.mapping("mrtr", ConfigReader::mrtr);
        SubscriptionsConfig subscriptions = root.mapping("subscriptions", ConfigReader::subscriptions);
        ShutdownConfig shutdown = root.mapping("shutdown", ConfigReader::shutdown);
        TelemetryConfig telemetry = root.mapping("telemetry", ObservabilityReader::telemetry);
        LoggingConfig logging = root.mapping("logging", ObservabilityReader::logging);
        HealthConfig health = root.mapping("health", ConfigReader::health);
        ReloadConfig reload = root.mapping("reload", ConfigReader::reload);
        AuthConfig auth = root.has("auth") ? root.mapping("auth", IdentityConfigReader::auth) : null;
        List<PolicyConfig> policies = IdentityConfigReader.policies(root, auth != null);
        IdentityConfigReader.routeScopes(root, routes, auth != null);
        UpstreamCredentialsReader.tokenExchanges(root, upstreams, auth != null);
        RateLimitsConfig rateLimits = root.mapping("rateLimits", IdentityConfigReader::rateLimits);
        SseClientsConfig sseClients = root.mapping("sseClients", ConfigReader::sseClients);
        LegacyClientsConfig legacyClients = root.mapping("legacyClients", ConfigReader::legacyClients);
        return new GatewayConfig(listen, admin, upstreams, routes, security, limits, eras, bridge, mrtr,
                subscriptions, shutdown, telemetry, logging, health, reload, auth, policies, rateLimits,
                sseClients, legacyClients);
    }

    static ShutdownConfig shutdown(ConfigMapping section) {
        Duration grace = section.duration("readinessGrace", Duration.ofSeconds(5), Duration.ZERO, Duration.ofHours(1));
        Duration drain = section.duration("drainTimeout", Duration.ofSeconds(30), MIN_TIMEOUT, Duration.ofHours(1));
        if (grace.compareTo(drain) > 0) {
            section.problem("readinessGrace", "must not be longer than shutdown.drainTimeout ("
                    + ConfigUnits.formatDuration(drain) + "), since the grace lies inside the drain, got "
                    + ConfigUnits.formatDuration(grace));
        }
        return new ShutdownConfig(grace, drain);
    }

    static ListenConfig listen(ConfigMapping section) {
        return new ListenConfig(
                section.text("host", "127.0.0.1", Addresses::isHost, HOST_RULE),
                section.integer("port", 8080, 0, 65_535),
                section.integer("workerThreads", 0, 0, 1024),
                section.has("tls") ? section.mapping("tls", ConfigReader::tls) : null,
                section.choice("transport", TransportSetting.class, TransportSetting.AUTO));
    }

    static AdminConfig admin(ConfigMapping section) {
        AdminConfig admin = new AdminConfig(
                section.text("host", "127.0.0.1", Addresses::isHost, HOST_RULE),
                section.integer("port", 9090, 0, 65_535),
                section.textList("allowedHosts", Addresses::isHostEntry, HOST_ENTRY_RULE),
                section.has("tls") ? section.mapping("tls", ConfigReader::tls) : null);
        if (section.isEmptyList("allowedHosts")) {
            section.problem("allowedHosts", "must not be empty, since every HTTP/1.1 request has a Host header;"
                    + " leave the key out to get the defaults");
        }
        return admin;
    }
    /** A listener's certificate and key; the files themselves are read when the listener starts. */
    static TlsConfig tls(ConfigMapping section) {
        String certificate = section.requiredText("certificate");
        String privateKey = section.requiredText("privateKey");
        Duration reload = section.duration("reloadInterval", Duration.ofSeconds(10), Duration.ofSeconds(1),
                Duration.ofHours(1));
        if (certificate != null && certificate.isBlank()) {
            section.problem("certificate", "must be a file path");
        }
        if (privateKey != null && privateKey.isBlank()) {
            section.problem("privateKey", "must be a file path");
        }
        return certificate == null || privateKey == null ? null : new TlsConfig(certificate, privateKey, reload);
    }

    static SecurityConfig security(ConfigMapping section) {
        SecurityConfig security = new SecurityConfig(
                section.textList("allowedOrigins", Addresses::isOrigin, ORIGIN_RULE),
                section.textList("allowedHosts", Addresses::isHostEntry, HOST_ENTRY_RULE),
                secrets(section));
        if (section.isEmptyList("allowedHosts")) {
            section.problem("allowedHosts", "must not be empty, since every HTTP/1.1 request has a Host header;"
                    + " leave the key out to get the defaults");
        }
        return security;
    }

    /** The key ring; a problem never shows a secret, only its position and length. */
    private static List<String> secrets(ConfigMapping section) {
        List<String> secrets = section.textList("secrets", secret -> true, "");
        if (secrets == null) {
            return List.of();
        }
        for (int index = 0; index < secrets.size(); index++) {
            String secret = secrets.get(index);
            String reference = SecretTemplate.problem(secret);
            if (reference != null) {
                section.problemAt("secrets", index, reference + " (the value is not shown)");
                continue;
            }
            if (SecretTemplate.hasReference(secret)) {
                // ${env:...} and ${file:...} are resolved at start-up, where the length is checked too.
                continue;
            }
            int bytes = secret.getBytes(StandardCharsets.UTF_8).length;
            if (bytes < SealingKey.MIN_SECRET_BYTES) {
                section.problemAt("secrets", index, "must be at least " + SealingKey.MIN_SECRET_BYTES
                        + " bytes, got " + bytes + " (the value is not shown)");
            }
        }
        return secrets;
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
                section.integer("maxPendingUpstreamAcquires", 1024, 1, 100_000),
                section.duration("upstreamIdleTimeout", Duration.ofSeconds(60), MIN_TIMEOUT, MAX_TIMEOUT),
                // 0 turns the total deadline off; a stream may then last as long as it keeps talking.
                section.duration("upstreamTotalTimeout", Duration.ofMinutes(10), Duration.ZERO, MAX_TIMEOUT),
                section.duration("requestHeaderTimeout", DEFAULT_REQUEST_HEADER_TIMEOUT, MIN_TIMEOUT, MAX_TIMEOUT));
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
                        BridgeConfig.SessionStrategy.POOLED),
                section.duration("listCacheTtl", Duration.ofSeconds(30), Duration.ZERO, MAX_TIMEOUT),
                section.integer("listCacheMaxEntries", 64, 1, 10_000),
                section.size("listCacheMaxBytes", 256 * KIB, KIB, 256 * MIB));
    }

    static MrtrConfig mrtr(ConfigMapping section) {
        return new MrtrConfig(
                section.text("instanceId", "", text -> text.isEmpty() || INSTANCE_ID.matcher(text).matches(),
                        "must match [A-Za-z0-9._-]{1,64} or be \"\""),
                section.duration("roundTimeout", Duration.ofSeconds(60), MIN_TIMEOUT, MAX_TIMEOUT),
                section.integer("maxPendingPerPrincipal", 16, 1, 100_000),
                section.integer("maxRounds", 8, 1, 100),
                section.duration("gatherWindow", Duration.ofMillis(10), Duration.ZERO, Duration.ofSeconds(10)),
                section.choice("sessionCapabilities", MrtrConfig.SessionCapabilities.class,
                        MrtrConfig.SessionCapabilities.AS_DECLARED));
    }

    static HealthConfig health(ConfigMapping section) {
        return new HealthConfig(section.duration("upstreamRecheckInterval", Duration.ofSeconds(5),
                Duration.ofMillis(100), Duration.ofHours(1)));
    }

    static ReloadConfig reload(ConfigMapping section) {
        return new ReloadConfig(section.bool("watch", true),
                section.duration("debounce", Duration.ofMillis(500), Duration.ZERO, Duration.ofMinutes(1)));
    }

    static SseClientsConfig sseClients(ConfigMapping section) {
        return new SseClientsConfig(
                section.integer("maxSessions", 1000, 1, 1_000_000),
                section.integer("maxQueuedMessages", 64, 1, 100_000),
                section.duration("idleTimeout", Duration.ofMinutes(10), MIN_TIMEOUT, Duration.ofHours(24)));
    }

    static LegacyClientsConfig legacyClients(ConfigMapping section) {
        return new LegacyClientsConfig(
                section.integer("maxSessions", 10_000, 1, 1_000_000),
                section.size("maxAnswerBytes", 16 * MIB, KIB, 256 * MIB));
    }

    static SubscriptionsConfig subscriptions(ConfigMapping section) {
        int perSession = section.integer("maxListenersPerSession", 1024, 1, 100_000);
        int listeners = section.integer("maxListeners", 10_000, 1, 1_000_000);
        Duration keepAlive = section.duration("keepAliveInterval", Duration.ofSeconds(15), MIN_TIMEOUT,
                Duration.ofHours(1));
        int resources = section.integer("maxResourceSubscriptions", 100, 1, 10_000);
        ReopenBackoff reopen = reopen(section);
        return new SubscriptionsConfig(perSession, listeners, keepAlive, resources, reopen.initialDelay(),
                reopen.maxDelay(), reopen.maxAttempts());
    }

    /** How lost federated listen legs are reopened: {@code subscriptions.reopen*}, in record order. */
    private static ReopenBackoff reopen(ConfigMapping section) {
        ReopenBackoff defaults = ReopenBackoff.DEFAULTS;
        Duration delay = section.duration("reopenDelay", defaults.initialDelay(), MIN_TIMEOUT, Duration.ofMinutes(10));
        Duration maxDelay = section.duration("reopenMaxDelay", defaults.maxDelay(), MIN_TIMEOUT, Duration.ofHours(1));
        int attempts = section.integer("reopenAttempts", defaults.maxAttempts(), 1, 1000);
        if (maxDelay.compareTo(delay) < 0) {
            section.problem("reopenMaxDelay", "must not be shorter than subscriptions.reopenDelay ("
                    + ConfigUnits.formatDuration(delay) + "), got " + ConfigUnits.formatDuration(maxDelay));
            maxDelay = delay;
        }
        return new ReopenBackoff(delay, maxDelay, attempts);
    }

    /**
     * One upstream; null when its name, URL or command is unusable. Every name seen, valid or not, joins
     * {@code names}. Keys are read in record order, so that the list of known keys follows the record.
     */
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
        boolean hasUrl = entry.has("url");
        boolean stdio = entry.has("command") && !hasUrl;
        URI url = stdio ? null : upstreamUrl(entry);
        List<String> command = upstreamCommand(entry, hasUrl);
        Map<String, String> env = entry.textMap("env", variable -> ENV_NAME.matcher(variable).matches(),
                "must be a variable name matching [A-Za-z_][A-Za-z0-9_]*");
        String cwd = entry.text("cwd", UpstreamConfig.NO_CWD, text -> !text.isBlank() && text.indexOf('\0') < 0,
                "must be a directory path");
        int instances = entry.integer("instances", UpstreamConfig.DEFAULT_INSTANCES, 1, 64);
        RestartPolicy restart = entry.choice("restart", RestartPolicy.class, RestartPolicy.ALWAYS);
        EraSetting era = entry.choice("era", EraSetting.class, EraSetting.AUTO);
        long maxLineBytes = entry.size("maxLineBytes", UpstreamConfig.DEFAULT_MAX_LINE_BYTES, KIB, 256 * MIB);
        int maxPendingRequests =
                entry.integer("maxPendingRequests", UpstreamConfig.DEFAULT_MAX_PENDING_REQUESTS, 1, 100_000);
        Duration requestTimeout =
                entry.duration("requestTimeout", UpstreamConfig.DEFAULT_REQUEST_TIMEOUT, MIN_TIMEOUT, MAX_TIMEOUT);
        if (!stdio) {
            for (String processKey : PROCESS_KEYS) {
                if (entry.has(processKey)) {
                    entry.problem(processKey, "applies only to an upstream with a command (a stdio server),"
                            + " not to one with a url");
                }
            }
        }
        Map<String, String> headers = UpstreamCredentialsReader.headers(entry);
        UpstreamOAuthConfig oauth = entry.has("oauth") ? entry.mapping("oauth", UpstreamCredentialsReader::oauth)
                : null;
        if (stdio && (entry.has("headers") || oauth != null)) {
            entry.problem(entry.has("headers") ? "headers" : "oauth", "applies only to an upstream with a url;"
                    + " a stdio server gets its credentials through env (which may use ${env:...} and ${file:...})");
        }
        boolean targetUsable = stdio ? command != null : url != null;
        if (!nameUsable || !targetUsable) {
            return null;
        }
        return new UpstreamConfig(name, url, stdio ? command : List.of(), env == null ? Map.of() : env, cwd,
                instances, restart, era, maxLineBytes, maxPendingRequests, requestTimeout, headers, oauth);
    }

    /** The command of a stdio upstream; null when it is absent or unusable. */
    private static List<String> upstreamCommand(ConfigMapping entry, boolean hasUrl) {
        boolean present = entry.has("command");
        List<String> command = entry.textList("command", text -> !text.isEmpty() && text.indexOf('\0') < 0,
                "must be a non-empty string");
        if (!present) {
            return null;
        }
        if (hasUrl) {
            entry.problem("command", "give either url (an HTTP MCP endpoint) or command (a stdio server), not both");
            return null;
        }
        if (command != null && command.isEmpty() && entry.isEmptyList("command")) {
            entry.problem("command", "must not be empty: give the program and its arguments, like [npx, -y, server]");
            return null;
        }
        if (command != null && command.size() > MAX_COMMAND_PARTS) {
            entry.problem("command", "must have at most " + MAX_COMMAND_PARTS + " entries, got " + command.size());
            return null;
        }
        return command == null || command.isEmpty() ? null : command;
    }

    private static URI upstreamUrl(ConfigMapping entry) {
        if (!entry.has("url")) {
            entry.problem("url", "is required (or command: [program, args...] for a stdio server)");
            return null;
        }
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
            entry.problem("url", "must be an absolute http(s) URL, got " + ConfigMapping.quote(withoutQuery(text)));
            return null;
        }
        if (url.getRawFragment() != null) {
            entry.problem("url", "must not have a fragment (#...), got " + ConfigMapping.quote(withoutQuery(text)));
            return null;
        }
        return url;
    }

    /** A URL as a problem shows it: without its query, which may carry a token ({@code ?api_key=...}). */
    private static String withoutQuery(String url) {
        int query = url.indexOf('?');
        return query < 0 ? url : url.substring(0, query) + "?(query not shown)";
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
