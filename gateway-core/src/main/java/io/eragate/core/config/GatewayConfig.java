package io.eragate.core.config;

import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * The whole gateway configuration, immutable. {@link ConfigLoader} builds it from YAML and validates it; the
 * {@code with*} methods derive variants for tests and the demo, which skip that validation.
 *
 * @param listen    where MCP clients connect
 * @param admin     where the admin endpoints listen
 * @param upstreams the MCP servers behind the gateway
 * @param routes    which path goes to which upstream(s)
 * @param security  accepted {@code Origin} and {@code Host} values, and the key ring of sealed state
 * @param limits    bounds on buffers, connections and timeouts
 * @param eras      how upstream eras are probed and remembered
 * @param bridge    pooled sessions for legacy upstreams
 * @param mrtr      multi round-trip requests through the bridge
 * @param subscriptions {@code subscriptions/listen} streams served from legacy upstreams
 * @param shutdown  how the gateway drains when it is asked to stop
 * @param telemetry trace export and metric label bounds
 * @param logging   log format and the access log
 * @param health    how readiness learns that an upstream is down
 * @param reload    hot reload of the configuration file
 * @param auth      the gateway as an OAuth resource server; null when authentication is off
 * @param policies  per-operation authorization rules (with {@code auth} only)
 * @param rateLimits token-bucket rate limits
 * @param legacyClients the legacy client front
 */
public record GatewayConfig(
        ListenConfig listen,
        AdminConfig admin,
        List<UpstreamConfig> upstreams,
        List<RouteConfig> routes,
        SecurityConfig security,
        LimitsConfig limits,
        ErasConfig eras,
        BridgeConfig bridge,
        MrtrConfig mrtr,
        SubscriptionsConfig subscriptions,
        ShutdownConfig shutdown,
        TelemetryConfig telemetry,
        LoggingConfig logging,
        HealthConfig health,
        ReloadConfig reload,
        AuthConfig auth,
        List<PolicyConfig> policies,
        RateLimitsConfig rateLimits,
        LegacyClientsConfig legacyClients) {

    public GatewayConfig {
        Objects.requireNonNull(listen, "listen");
        Objects.requireNonNull(admin, "admin");
        upstreams = List.copyOf(upstreams);
        routes = List.copyOf(routes);
        Objects.requireNonNull(security, "security");
        Objects.requireNonNull(limits, "limits");
        Objects.requireNonNull(eras, "eras");
        Objects.requireNonNull(bridge, "bridge");
        Objects.requireNonNull(mrtr, "mrtr");
        Objects.requireNonNull(subscriptions, "subscriptions");
        Objects.requireNonNull(shutdown, "shutdown");
        Objects.requireNonNull(telemetry, "telemetry");
        Objects.requireNonNull(logging, "logging");
        Objects.requireNonNull(health, "health");
        Objects.requireNonNull(reload, "reload");
        policies = List.copyOf(policies);
        Objects.requireNonNull(rateLimits, "rateLimits");
        Objects.requireNonNull(legacyClients, "legacyClients");
    }

    /** A configuration whose legacy client front has the defaults. */
    public GatewayConfig(ListenConfig listen, AdminConfig admin, List<UpstreamConfig> upstreams,
            List<RouteConfig> routes, SecurityConfig security, LimitsConfig limits, ErasConfig eras,
            BridgeConfig bridge, MrtrConfig mrtr, SubscriptionsConfig subscriptions, ShutdownConfig shutdown,
            TelemetryConfig telemetry, LoggingConfig logging, HealthConfig health, ReloadConfig reload,
            AuthConfig auth, List<PolicyConfig> policies, RateLimitsConfig rateLimits) {
        this(listen, admin, upstreams, routes, security, limits, eras, bridge, mrtr, subscriptions, shutdown,
                telemetry, logging, health, reload, auth, policies, rateLimits, LegacyClientsConfig.defaults());
    }

    /** A configuration with the sections past {@code subscriptions} at their defaults (authentication off). */
    public GatewayConfig(ListenConfig listen, AdminConfig admin, List<UpstreamConfig> upstreams,
            List<RouteConfig> routes, SecurityConfig security, LimitsConfig limits, ErasConfig eras,
            BridgeConfig bridge, MrtrConfig mrtr, SubscriptionsConfig subscriptions) {
        this(listen, admin, upstreams, routes, security, limits, eras, bridge, mrtr,
                subscriptions, ShutdownConfig.defaults(), TelemetryConfig.defaults(), LoggingConfig.defaults(),
                HealthConfig.defaults(), ReloadConfig.defaults(), null, List.of(), RateLimitsConfig.none(),
                LegacyClientsConfig.defaults());
    }

    /** The built-in defaults, with no upstreams and no routes (a file must add at least one of each). */
    public static GatewayConfig defaults() {
        return new GatewayConfig(ListenConfig.defaults(), AdminConfig.defaults(), List.of(), List.of(),
                SecurityConfig.defaults(), LimitsConfig.defaults(), ErasConfig.defaults(), BridgeConfig.defaults(),
                MrtrConfig.defaults(), SubscriptionsConfig.defaults());
    }

    /** The upstream called {@code name}, if any. */
    public Optional<UpstreamConfig> upstream(String name) {
        Objects.requireNonNull(name, "name");
        return upstreams.stream().filter(upstream -> upstream.name().equals(name)).findFirst();
    }

    /** The resource-server settings, when authentication is on. */
    public Optional<AuthConfig> authentication() {
        return Optional.ofNullable(auth);
    }

    /** This configuration with other authentication (null: off), policies and rate limits. */
    public GatewayConfig withIdentity(AuthConfig newAuth, List<PolicyConfig> newPolicies,
            RateLimitsConfig newRateLimits) {
        return new GatewayConfig(listen, admin, upstreams, routes, security, limits, eras, bridge, mrtr,
                subscriptions, shutdown, telemetry, logging, health, reload, newAuth, newPolicies, newRateLimits,
                legacyClients);
    }

    /** This configuration with another listen address. */
    public GatewayConfig withListen(ListenConfig newListen) {
        return new GatewayConfig(newListen, admin, upstreams, routes, security, limits, eras, bridge, mrtr,
                subscriptions, shutdown, telemetry, logging, health, reload, auth, policies, rateLimits, legacyClients);
    }

    /** This configuration with another admin address. */
    public GatewayConfig withAdmin(AdminConfig newAdmin) {
        return new GatewayConfig(listen, newAdmin, upstreams, routes, security, limits, eras, bridge, mrtr,
                subscriptions, shutdown, telemetry, logging, health, reload, auth, policies, rateLimits, legacyClients);
    }

    /** This configuration with other upstreams. */
    public GatewayConfig withUpstreams(List<UpstreamConfig> newUpstreams) {
        return new GatewayConfig(listen, admin, newUpstreams, routes, security, limits, eras, bridge, mrtr,
                subscriptions, shutdown, telemetry, logging, health, reload, auth, policies, rateLimits, legacyClients);
    }

    /** This configuration with other routes. */
    public GatewayConfig withRoutes(List<RouteConfig> newRoutes) {
        return new GatewayConfig(listen, admin, upstreams, newRoutes, security, limits, eras, bridge, mrtr,
                subscriptions, shutdown, telemetry, logging, health, reload, auth, policies, rateLimits, legacyClients);
    }

    /** This configuration with other Origin/Host lists and key ring. */
    public GatewayConfig withSecurity(SecurityConfig newSecurity) {
        return new GatewayConfig(listen, admin, upstreams, routes, newSecurity, limits, eras, bridge, mrtr,
                subscriptions, shutdown, telemetry, logging, health, reload, auth, policies, rateLimits, legacyClients);
    }

    /** This configuration with other limits. */
    public GatewayConfig withLimits(LimitsConfig newLimits) {
        return new GatewayConfig(listen, admin, upstreams, routes, security, newLimits, eras, bridge, mrtr,
                subscriptions, shutdown, telemetry, logging, health, reload, auth, policies, rateLimits, legacyClients);
    }

    /** This configuration with other era settings. */
    public GatewayConfig withEras(ErasConfig newEras) {
        return new GatewayConfig(listen, admin, upstreams, routes, security, limits, newEras, bridge, mrtr,
                subscriptions, shutdown, telemetry, logging, health, reload, auth, policies, rateLimits, legacyClients);
    }

    /** This configuration with other bridge settings. */
    public GatewayConfig withBridge(BridgeConfig newBridge) {
        return new GatewayConfig(listen, admin, upstreams, routes, security, limits, eras, newBridge, mrtr,
                subscriptions, shutdown, telemetry, logging, health, reload, auth, policies, rateLimits, legacyClients);
    }

    /** This configuration with other multi round-trip settings. */
    public GatewayConfig withMrtr(MrtrConfig newMrtr) {
        return new GatewayConfig(listen, admin, upstreams, routes, security, limits, eras, bridge, newMrtr,
                subscriptions, shutdown, telemetry, logging, health, reload, auth, policies, rateLimits, legacyClients);
    }

    /** This configuration with other subscription settings. */
    public GatewayConfig withSubscriptions(SubscriptionsConfig newSubscriptions) {
        return new GatewayConfig(listen, admin, upstreams, routes, security, limits, eras, bridge, mrtr,
                newSubscriptions, shutdown, telemetry, logging, health, reload, auth, policies, rateLimits,
                legacyClients);
    }

    /** This configuration with another shutdown section. */
    public GatewayConfig withShutdown(ShutdownConfig newShutdown) {
        return new GatewayConfig(listen, admin, upstreams, routes, security, limits, eras, bridge, mrtr,
                subscriptions, newShutdown, telemetry, logging, health, reload, auth, policies, rateLimits,
                legacyClients);
    }

    /** This configuration with other telemetry settings. */
    public GatewayConfig withTelemetry(TelemetryConfig newTelemetry) {
        return new GatewayConfig(listen, admin, upstreams, routes, security, limits, eras, bridge, mrtr,
                subscriptions, shutdown, newTelemetry, logging, health, reload, auth, policies, rateLimits,
                legacyClients);
    }

    /** This configuration with other logging settings. */
    public GatewayConfig withLogging(LoggingConfig newLogging) {
        return new GatewayConfig(listen, admin, upstreams, routes, security, limits, eras, bridge, mrtr,
                subscriptions, shutdown, telemetry, newLogging, health, reload, auth, policies, rateLimits,
                legacyClients);
    }

    /** This configuration with other health settings. */
    public GatewayConfig withHealth(HealthConfig newHealth) {
        return new GatewayConfig(listen, admin, upstreams, routes, security, limits, eras, bridge, mrtr,
                subscriptions, shutdown, telemetry, logging, newHealth, reload, auth, policies, rateLimits,
                legacyClients);
    }

    /** This configuration with other reload settings. */
    public GatewayConfig withReload(ReloadConfig newReload) {
        return new GatewayConfig(listen, admin, upstreams, routes, security, limits, eras, bridge, mrtr,
                subscriptions, shutdown, telemetry, logging, health, newReload, auth, policies, rateLimits,
                legacyClients);
    }

    /** This configuration with another legacy client front section. */
    public GatewayConfig withLegacyClients(LegacyClientsConfig newLegacyClients) {
        return new GatewayConfig(listen, admin, upstreams, routes, security, limits, eras, bridge, mrtr,
                subscriptions, shutdown, telemetry, logging, health, reload, auth, policies, rateLimits,
                newLegacyClients);
    }
}
