package io.eragate.netty.server;

import io.eragate.core.config.BridgeConfig;
import io.eragate.core.config.ErasConfig;
import io.eragate.core.config.LimitsConfig;
import io.eragate.core.exchange.ExchangeObserver;
import io.eragate.core.frontdoor.FrontDoor;
import io.eragate.core.route.RouteTable;
import io.eragate.netty.auth.Identity;
import io.eragate.netty.legacyfront.LegacyFrontState;
import io.eragate.netty.bridge.EraDirectory;
import io.eragate.netty.bridge.LegacyBridge;
import io.eragate.netty.federation.Federation;
import io.eragate.netty.legacysse.LegacySseUpstreams;
import io.eragate.netty.stdio.StdioUpstreams;
import io.eragate.netty.telemetry.GatewayTelemetry;
import io.eragate.netty.upstream.UpstreamPools;
import io.eragate.netty.upstream.UpstreamTarget;
import java.util.Map;
import java.util.Objects;

/**
 * Everything the request path needs, fixed for the life of one server: immutable apart from the pools, which
 * are confined to their event loops.
 *
 * @param frontDoor the validation ladder
 * @param routes the route table
 * @param upstreams the upstream targets by name
 * @param pools the upstream connection pools
 * @param limits the configured limits
 * @param eras the era of each upstream
 * @param bridge the legacy bridge's shared state
 * @param stdio the upstreams that are local processes (not in {@code upstreams}, which are HTTP)
 * @param legacySse the legacy HTTP upstreams that speak only 2024-11-05 HTTP+SSE, learned at their first request
 * @param observer told once about every client request when it ends (metrics, access log)
 * @param federation the fan-out, merged-list cache and catalogues of federated routes
 * @param telemetry metrics and tracing (the spans of each request, the hooks of upstream exchanges)
 * @param identity authentication, policies, rate limits and the key ring
 * @param legacyFront the legacy client front's session ids and per-replica session state
 */
public record GatewayContext(FrontDoor frontDoor, RouteTable routes, Map<String, UpstreamTarget> upstreams,
        UpstreamPools pools, LimitsConfig limits, EraDirectory eras, LegacyBridge bridge, StdioUpstreams stdio,
        LegacySseUpstreams legacySse, ExchangeObserver observer, Federation federation,
        GatewayTelemetry telemetry, Identity identity, LegacyFrontState legacyFront) {

    public GatewayContext {
        Objects.requireNonNull(frontDoor, "frontDoor");
        Objects.requireNonNull(routes, "routes");
        upstreams = Map.copyOf(upstreams);
        Objects.requireNonNull(pools, "pools");
        Objects.requireNonNull(limits, "limits");
        Objects.requireNonNull(eras, "eras");
        Objects.requireNonNull(bridge, "bridge");
        Objects.requireNonNull(stdio, "stdio");
        Objects.requireNonNull(legacySse, "legacySse");
        Objects.requireNonNull(observer, "observer");
        Objects.requireNonNull(federation, "federation");
        Objects.requireNonNull(telemetry, "telemetry");
        Objects.requireNonNull(identity, "identity");
        Objects.requireNonNull(legacyFront, "legacyFront");
    }

    /** A context whose legacy client front has the default bounds and seals with {@code identity}'s ring. */
    public GatewayContext(FrontDoor frontDoor, RouteTable routes, Map<String, UpstreamTarget> upstreams,
            UpstreamPools pools, LimitsConfig limits, EraDirectory eras, LegacyBridge bridge, StdioUpstreams stdio,
            LegacySseUpstreams legacySse, ExchangeObserver observer, Federation federation,
            GatewayTelemetry telemetry, Identity identity) {
        this(frontDoor, routes, upstreams, pools, limits, eras, bridge, stdio, legacySse, observer, federation,
                telemetry, identity, LegacyFrontState.withDefaults(identity.sealer()));
    }

    /**
     * A context whose exchanges are observed by {@code observer}, with traffic metrics only (no tracing), without
     * authentication, and whose federated routes (if any) keep their merged lists with the default bridge list
     * cache bounds.
     */
    public GatewayContext(FrontDoor frontDoor, RouteTable routes, Map<String, UpstreamTarget> upstreams,
            UpstreamPools pools, LimitsConfig limits, EraDirectory eras, LegacyBridge bridge, StdioUpstreams stdio,
            LegacySseUpstreams legacySse, ExchangeObserver observer) {
        this(frontDoor, routes, upstreams, pools, limits, eras, bridge, stdio, legacySse, observer,
                new Federation((int) limits.maxBodyBytes(), BridgeConfig.defaults().listCacheTtl(),
                        BridgeConfig.defaults().listCacheMaxEntries(), GatewayVersion.current()),
                GatewayTelemetry.minimal(), Identity.open());
    }

    /** A context whose exchanges are observed by nobody. */
    public GatewayContext(FrontDoor frontDoor, RouteTable routes, Map<String, UpstreamTarget> upstreams,
            UpstreamPools pools, LimitsConfig limits, EraDirectory eras, LegacyBridge bridge, StdioUpstreams stdio,
            LegacySseUpstreams legacySse) {
        this(frontDoor, routes, upstreams, pools, limits, eras, bridge, stdio, legacySse, ExchangeObserver.NONE);
    }

    /**
     * This context with the parts a reload replaces, keeping the long-lived services (pools, eras, bridge, stdio
     * processes, HTTP+SSE sessions), which a reload updates in place.
     */
    public GatewayContext withRequestPath(FrontDoor newFrontDoor, RouteTable newRoutes,
            Map<String, UpstreamTarget> newUpstreams, LimitsConfig newLimits) {
        return new GatewayContext(newFrontDoor, newRoutes, newUpstreams, pools, newLimits, eras, bridge, stdio,
                legacySse, observer, federation, telemetry, identity, legacyFront);
    }

    /**
     * This context with another identity (a reload that changed {@code auth}, {@code policies} or limits); the legacy
     * client front keeps its sessions and bounds.
     */
    public GatewayContext withIdentity(Identity newIdentity) {
        return new GatewayContext(frontDoor, routes, upstreams, pools, limits, eras, bridge, stdio, legacySse,
                observer, federation, telemetry, newIdentity, legacyFront);
    }

    /** A context without stdio upstreams, whose HTTP+SSE sessions use the default bridge settings. */
    public GatewayContext(FrontDoor frontDoor, RouteTable routes, Map<String, UpstreamTarget> upstreams,
            UpstreamPools pools, LimitsConfig limits, EraDirectory eras, LegacyBridge bridge) {
        this(frontDoor, routes, upstreams, pools, limits, eras, bridge, StdioUpstreams.none(),
                new LegacySseUpstreams(pools, eras, GatewayVersion.current(), limits.upstreamResponseTimeout(),
                        BridgeConfig.defaults().initializeTimeout(), ErasConfig.defaults().probeTimeout(),
                        BridgeConfig.defaults().maxInFlightPerSession()));
    }
}
