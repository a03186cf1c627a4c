package io.eragate.core.route;

import io.eragate.core.mcp.Methods;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * The one decision of where a request goes and how it is served, as two pure functions the server's dispatcher
 * calls in turn: {@link #decide} (route, rules and federation: which upstream, or all of them) and {@link #back}
 * (client era, upstream shape and method: which exchange). Nothing else in the gateway chooses an upstream or an
 * exchange.
 */
public final class Routing {

    /**
     * The requests a federated route answers by asking every upstream and merging: lists and discovery, and
     * {@code subscriptions/listen} (one leg per upstream, one merged stream; see {@link ListenMerge}).
     */
    public static final Set<String> FAN_OUT_METHODS = Set.of(Methods.SERVER_DISCOVER, Methods.TOOLS_LIST,
            Methods.PROMPTS_LIST, Methods.RESOURCES_LIST, Methods.RESOURCES_TEMPLATES_LIST,
            Methods.SUBSCRIPTIONS_LISTEN);

    private Routing() {
    }

    /**
     * Where a request goes.
     *
     * <ol>
     *   <li>The route's rules, in order, on the validated method and name: the first match names the upstream
     *       (on a prefixed federated route, a name carrying that upstream's prefix loses it).</li>
     *   <li>A plain route: its upstream.</li>
     *   <li>A federated route: lists, discovery and listen fan out; a named request goes to the owner of its name
     *       (from {@code catalogue}, else from the prefix), un-prefixed; a request without a name goes to the first
     *       upstream; a resource URI no upstream listed goes to the first upstream, which answers for it.</li>
     * </ol>
     *
     * @param catalogue what the route's merged lists say about ownership, or null when none has been fetched
     */
    public static Destination decide(Route route, RoutingKey key, Catalogue catalogue) {
        Objects.requireNonNull(route, "route");
        Objects.requireNonNull(key, "key");
        for (RouteRule rule : route.rules()) {
            if (rule.matches(key.method(), key.name())) {
                return toRuleTarget(route, rule.upstream(), key);
            }
        }
        if (!route.isFederated()) {
            return new Destination.One(route.upstream(), null);
        }
        if (FAN_OUT_METHODS.contains(key.method())) {
            return new Destination.FanOut(route.upstreams());
        }
        if (key.kind() == NameKind.NONE || key.name() == null) {
            return new Destination.One(route.upstream(), null);
        }
        Optional<Owned> known = catalogue == null ? Optional.empty() : catalogue.ownerOf(key.kind(), key.name());
        if (known.isPresent()) {
            return owned(known.get(), key.name());
        }
        if (key.kind() == NameKind.RESOURCE) {
            return catalogue == null ? new Destination.NeedsCatalogue() : new Destination.One(route.upstream(), null);
        }
        if (route.names() == NamingMode.AS_IS) {
            return catalogue == null ? new Destination.NeedsCatalogue()
                    : new Destination.Unknown(key.kind(), key.name());
        }
        if (ExposedNames.mayBeShortened(key.name(), route.maxNameLength())) {
            return catalogue == null ? new Destination.NeedsCatalogue()
                    : new Destination.Unknown(key.kind(), key.name());
        }
        return ExposedNames.unprefix(route.upstreams(), key.name())
                .<Destination>map(owner -> owned(owner, key.name()))
                .orElseGet(() -> new Destination.Unknown(key.kind(), key.name()));
    }

    /**
     * The upstream a legacy client's requests on {@code route} may pass through to, unchanged, when its shape allows
     * ({@link #back}); empty when they must all meet the legacy client front. A legacy session lives on one upstream,
     * so passing through is only sound where every request of the route reaches that same upstream: a federated route,
     * or one whose rules send some requests elsewhere, would split one client session across upstreams (a session id
     * one upstream issued is unknown to the next), while the front keeps the session at the gateway and serves each
     * request through the modern path, rules and federation included.
     */
    public static Optional<String> legacyPassThroughUpstream(Route route) {
        Objects.requireNonNull(route, "route");
        List<String> reachable = route.reachableUpstreams();
        return reachable.size() == 1 ? Optional.of(reachable.get(0)) : Optional.empty();
    }

    /**
     * How a request is served once its upstream is known: the exchange for this client era, upstream shape and
     * method. A legacy client passes through, unchanged, to an upstream that serves its era itself (a legacy
     * Streamable HTTP upstream, or a modern one that also answers a 2025-11-25 {@code initialize}); anywhere else it
     * meets the legacy client front, whose requests become modern ones and take the modern row's back. An upstream of
     * unknown era meets the front too: the modern request it makes gets the probe's error.
     */
    public static Back back(ClientEra client, UpstreamShape upstream, String method) {
        Objects.requireNonNull(client, "client");
        Objects.requireNonNull(upstream, "upstream");
        if (client == ClientEra.LEGACY) {
            return upstream == UpstreamShape.LEGACY_HTTP || upstream == UpstreamShape.DUAL_HTTP
                    ? Back.LEGACY_PASS_THROUGH : Back.LEGACY_FRONT;
        }
        return switch (upstream) {
            case MODERN_HTTP, DUAL_HTTP -> Back.MODERN_PASS_THROUGH;
            case LEGACY_HTTP -> Methods.SUBSCRIPTIONS_LISTEN.equals(method) ? Back.BRIDGE_LISTEN : Back.BRIDGE;
            case LEGACY_SSE, STDIO -> Back.SESSION;
            case UNKNOWN -> Back.ERA_UNKNOWN;
        };
    }

    private static Destination toRuleTarget(Route route, String upstream, RoutingKey key) {
        if (route.isFederated() && route.names() == NamingMode.PREFIXED && key.kind() != NameKind.RESOURCE
                && key.name() != null) {
            Optional<Owned> own = ExposedNames.unprefix(List.of(upstream), key.name());
            if (own.isPresent()) {
                return new Destination.One(upstream, own.get().name());
            }
        }
        return new Destination.One(upstream, null);
    }

    private static Destination owned(Owned owner, String sentName) {
        return new Destination.One(owner.upstream(), owner.name().equals(sentName) ? null : owner.name());
    }
}
