package io.eragate.core.frontdoor;

import io.eragate.core.mcp.Methods;
import io.eragate.core.route.RouteTable;
import io.eragate.core.security.OriginPolicy;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * What the front door enforces; immutable, so a config reload swaps in a new policy and a new {@link FrontDoor}.
 *
 * @param routes the paths that are MCP endpoints
 * @param originPolicy which {@code Origin} and {@code Host} values are allowed
 * @param supportedVersions the protocol versions the endpoint accepts, in the order {@code -32022} lists them
 * @param knownMethods the request methods the endpoint serves; any other request gets 404/-32601
 */
public record FrontDoorPolicy(RouteTable routes, OriginPolicy originPolicy, List<String> supportedVersions,
        Set<String> knownMethods) {

    public FrontDoorPolicy {
        Objects.requireNonNull(routes, "routes");
        Objects.requireNonNull(originPolicy, "originPolicy");
        supportedVersions = List.copyOf(Objects.requireNonNull(supportedVersions, "supportedVersions"));
        knownMethods = Set.copyOf(Objects.requireNonNull(knownMethods, "knownMethods"));
        if (supportedVersions.isEmpty()) {
            throw new IllegalArgumentException("a front door needs at least one supported protocol version");
        }
    }

    /** A policy serving the client requests of the 2026-07-28 revision ({@link Methods#MODERN_CLIENT_REQUESTS}). */
    public FrontDoorPolicy(RouteTable routes, OriginPolicy originPolicy, List<String> supportedVersions) {
        this(routes, originPolicy, supportedVersions, Methods.MODERN_CLIENT_REQUESTS);
    }
}
