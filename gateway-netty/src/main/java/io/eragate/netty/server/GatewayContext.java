package io.eragate.netty.server;

import io.eragate.core.config.BridgeConfig;
import io.eragate.core.config.ErasConfig;
import io.eragate.core.config.LimitsConfig;
import io.eragate.core.frontdoor.FrontDoor;
import io.eragate.core.route.RouteTable;
import io.eragate.netty.auth.Identity;
import io.eragate.netty.bridge.EraDirectory;
import io.eragate.netty.bridge.LegacyBridge;
import io.eragate.netty.legacysse.LegacySseUpstreams;
import io.eragate.netty.stdio.StdioUpstreams;
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
 * @param identity authentication, policies, rate limits and the key ring
 */
public record GatewayContext(FrontDoor frontDoor, RouteTable routes, Map<String, UpstreamTarget> upstreams,
        UpstreamPools pools, LimitsConfig limits, EraDirectory eras, LegacyBridge bridge, StdioUpstreams stdio,
        LegacySseUpstreams legacySse, Identity identity) {

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
        Objects.requireNonNull(identity, "identity");
    }

    /** A context without authentication, policies or rate limits. */
    public GatewayContext(FrontDoor frontDoor, RouteTable routes, Map<String, UpstreamTarget> upstreams,
            UpstreamPools pools, LimitsConfig limits, EraDirectory eras, LegacyBridge bridge, StdioUpstreams stdio,
            LegacySseUpstreams legacySse) {
        this(frontDoor, routes, upstreams, pools, limits, eras, bridge, stdio, legacySse, Identity.open());
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
