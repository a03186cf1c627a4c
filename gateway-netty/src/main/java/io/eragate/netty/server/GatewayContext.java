package io.eragate.netty.server;

import io.eragate.core.config.LimitsConfig;
import io.eragate.core.frontdoor.FrontDoor;
import io.eragate.core.route.RouteTable;
import io.eragate.netty.bridge.EraDirectory;
import io.eragate.netty.bridge.LegacyBridge;
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
 */
public record GatewayContext(FrontDoor frontDoor, RouteTable routes, Map<String, UpstreamTarget> upstreams,
        UpstreamPools pools, LimitsConfig limits, EraDirectory eras, LegacyBridge bridge) {

    public GatewayContext {
        Objects.requireNonNull(frontDoor, "frontDoor");
        Objects.requireNonNull(routes, "routes");
        upstreams = Map.copyOf(upstreams);
        Objects.requireNonNull(pools, "pools");
        Objects.requireNonNull(limits, "limits");
        Objects.requireNonNull(eras, "eras");
        Objects.requireNonNull(bridge, "bridge");
    }
}
