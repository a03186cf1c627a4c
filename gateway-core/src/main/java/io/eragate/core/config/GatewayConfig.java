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
 * @param routes    which path goes to which upstream
 * @param security  accepted {@code Origin} and {@code Host} values
 * @param limits    bounds on buffers, connections and timeouts
 * @param eras      how upstream eras are probed and remembered
 * @param bridge    pooled sessions for legacy upstreams
 * @param mrtr      multi round-trip requests through the bridge
 * @param subscriptions {@code subscriptions/listen} streams served from legacy upstreams
 * @param shutdown  how the gateway drains when it is asked to stop
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
        ShutdownConfig shutdown) {

    public GatewayConfig {
        Objects.requireNonNull(shutdown, "shutdown");
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
    }

    /** A configuration whose shutdown section has its defaults. */
    public GatewayConfig(ListenConfig listen, AdminConfig admin, List<UpstreamConfig> upstreams,
            List<RouteConfig> routes, SecurityConfig security, LimitsConfig limits, ErasConfig eras,
            BridgeConfig bridge, MrtrConfig mrtr, SubscriptionsConfig subscriptions) {
        this(listen, admin, upstreams, routes, security, limits, eras, bridge, mrtr, subscriptions,
                ShutdownConfig.defaults());
    }

    /** This configuration with another shutdown section. */
    public GatewayConfig withShutdown(ShutdownConfig newShutdown) {
        return new GatewayConfig(listen, admin, upstreams, routes, security, limits, eras, bridge, mrtr,
                subscriptions, newShutdown);
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

    /** This configuration with another listen address. */
    public GatewayConfig withListen(ListenConfig newListen) {
        return new GatewayConfig(newListen, admin, upstreams, routes, security, limits, eras, bridge, mrtr,
                subscriptions, shutdown);
    }

    /** This configuration with another admin address. */
    public GatewayConfig withAdmin(AdminConfig newAdmin) {
        return new GatewayConfig(listen, newAdmin, upstreams, routes, security, limits, eras, bridge, mrtr,
                subscriptions, shutdown);
    }

    /** This configuration with other upstreams. */
    public GatewayConfig withUpstreams(List<UpstreamConfig> newUpstreams) {
        return new GatewayConfig(listen, admin, newUpstreams, routes, security, limits, eras, bridge, mrtr,
                subscriptions, shutdown);
    }

    /** This configuration with other routes. */
    public GatewayConfig withRoutes(List<RouteConfig> newRoutes) {
        return new GatewayConfig(listen, admin, upstreams, newRoutes, security, limits, eras, bridge, mrtr,
                subscriptions, shutdown);
    }

    /** This configuration with other Origin/Host lists. */
    public GatewayConfig withSecurity(SecurityConfig newSecurity) {
        return new GatewayConfig(listen, admin, upstreams, routes, newSecurity, limits, eras, bridge, mrtr,
                subscriptions, shutdown);
    }

    /** This configuration with other era settings. */
    public GatewayConfig withEras(ErasConfig newEras) {
        return new GatewayConfig(listen, admin, upstreams, routes, security, limits, newEras, bridge, mrtr,
                subscriptions, shutdown);
    }

    /** This configuration with other bridge settings. */
    public GatewayConfig withBridge(BridgeConfig newBridge) {
        return new GatewayConfig(listen, admin, upstreams, routes, security, limits, eras, newBridge, mrtr,
                subscriptions, shutdown);
    }

    /** This configuration with other multi round-trip settings. */
    public GatewayConfig withMrtr(MrtrConfig newMrtr) {
        return new GatewayConfig(listen, admin, upstreams, routes, security, limits, eras, bridge, newMrtr,
                subscriptions, shutdown);
    }

    /** This configuration with other subscription settings. */
    public GatewayConfig withSubscriptions(SubscriptionsConfig newSubscriptions) {
        return new GatewayConfig(listen, admin, upstreams, routes, security, limits, eras, bridge, mrtr,
                newSubscriptions, shutdown);
    }

    /** This configuration with other limits. */
    public GatewayConfig withLimits(LimitsConfig newLimits) {
        return new GatewayConfig(listen, admin, upstreams, routes, security, newLimits, eras, bridge, mrtr,
                subscriptions, shutdown);
    }
}
