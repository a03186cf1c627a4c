package io.eragate.netty.server;

import io.eragate.core.auth.SubjectTokens;
import io.eragate.core.config.GatewayConfig;
import io.eragate.core.config.RouteConfig;
import io.eragate.core.config.UpstreamConfig;
import io.eragate.core.frontdoor.FrontDoor;
import io.eragate.core.frontdoor.FrontDoorPolicy;
import io.eragate.core.mcp.ProtocolVersions;
import io.eragate.core.reload.ConfigDiff;
import io.eragate.core.route.Route;
import io.eragate.core.route.RouteTable;
import io.eragate.core.security.KeyRing;
import io.eragate.core.security.OriginPolicy;
import io.eragate.netty.auth.Identity;
import io.eragate.netty.upstream.UpstreamCredentials;
import io.eragate.netty.upstream.UpstreamTarget;
import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Applies a reload: builds the new context, updates the long-lived services for what the {@link ConfigDiff} says
 * changed, and swaps the one reference every new request reads. Requests in flight keep the context they started
 * with; unchanged upstreams keep their pools, sessions and processes, because those services are shared.
 */
final class ContextSwap {

    private ContextSwap() {
    }

    /**
     * The HTTP upstreams of {@code config} by name, exchanging the tokens {@code subjects} keeps; fails for a URL the
     * gateway cannot use.
     */
    static Map<String, UpstreamTarget> httpTargets(GatewayConfig config, SubjectTokens subjects) {
        return httpTargets(config, subjects, Map.of());
    }

    /**
     * As {@link #httpTargets(GatewayConfig, SubjectTokens)}, keeping the credentials of {@code running}'s target of
     * the same name where they were made of the same ({@link UpstreamCredentials#of(UpstreamConfig, SubjectTokens,
     * UpstreamCredentials)}): a reload must not start a second token renewal for an unchanged upstream.
     */
    static Map<String, UpstreamTarget> httpTargets(GatewayConfig config, SubjectTokens subjects,
            Map<String, UpstreamTarget> running) {
        Map<String, UpstreamTarget> upstreams = new LinkedHashMap<>();
        for (UpstreamConfig upstream : config.upstreams()) {
            if (!upstream.isStdio()) {
                UpstreamTarget before = running.get(upstream.name());
                UpstreamCredentials previous = before == null ? UpstreamCredentials.NONE : before.credentials();
                upstreams.put(upstream.name(), UpstreamTarget.of(upstream.name(), upstream.url())
                        .withCredentials(UpstreamCredentials.of(upstream, subjects, previous)));
            }
        }
        return upstreams;
    }

    /**
     * Closes the credentials of {@code before}'s targets that {@code leaving} names (removed or changed upstreams)
     * and no target of {@code after} kept: their token renewal stops (one thread and one token endpoint client each),
     * while requests still in flight on the old context keep the token they hold. An upstream that stays keeps
     * serving long-lived sessions and streams opened on its old target, so its old credentials keep renewing even
     * when new ones were made (a secret file that now reads differently).
     */
    static void retireCredentials(Map<String, UpstreamTarget> before, Map<String, UpstreamTarget> after,
            Set<String> leaving) {
        Set<UpstreamCredentials> kept = Collections.newSetFromMap(new IdentityHashMap<>());
        after.values().forEach(target -> kept.add(target.credentials()));
        before.forEach((name, target) -> {
            if (leaving.contains(name) && !kept.contains(target.credentials())) {
                target.credentials().close();
            }
        });
    }

    /**
     * The paths of {@code before} whose route is gone or differs in {@code after}, or that reach an upstream in
     * {@code leaving}: what was merged or learned for them no longer holds.
     */
    static Set<String> reconfiguredPaths(RouteTable before, RouteTable after, Set<String> leaving) {
        Set<String> paths = new LinkedHashSet<>();
        for (String path : before.paths()) {
            Route old = before.match(path).orElseThrow();
            boolean reachesLeaving = old.upstreams().stream().anyMatch(leaving::contains)
                    || old.rules().stream().anyMatch(rule -> leaving.contains(rule.upstream()));
            if (reachesLeaving || !after.match(path).map(old::equals).orElse(false)) {
                paths.add(path);
            }
        }
        return paths;
    }

    /** The route table of {@code config}. */
    static RouteTable routeTable(GatewayConfig config) {
        List<Route> routes = config.routes().stream().map(RouteConfig::toRoute)
                .toList();
        return new RouteTable(routes);
    }

    /** The validation ladder of {@code config}. */
    static FrontDoor frontDoor(GatewayConfig config, RouteTable routes) {
        OriginPolicy originPolicy = OriginPolicy.of(config.security().effectiveAllowedOrigins(config.listen()),
                config.security().effectiveAllowedHosts(config.listen()));
        return new FrontDoor(new FrontDoorPolicy(routes, originPolicy, ProtocolVersions.MODERN));
    }

    /**
     * Swaps {@code live} from {@code before} to {@code after}, whose difference {@code diff} must be applicable.
     * Builds everything that can fail first, so that a failure leaves the running configuration untouched.
     *
     * @throws IllegalArgumentException when an upstream of {@code after} cannot be used; nothing has changed then
     */
    static void apply(AtomicReference<GatewayContext> live, GatewayConfig before, GatewayConfig after,
            ConfigDiff diff) {
        GatewayContext running = live.get();
        // Resolved first: a secret that cannot be read refuses the reload before anything changed.
        KeyRing ring = before.security().secrets().equals(after.security().secrets()) ? null
                : Identity.keyRing(after.security().secrets());
        RouteTable routes = routeTable(after);
        SubjectTokens subjects = Identity.subjectsFor(after, running.identity().subjects());
        Map<String, UpstreamTarget> targets = httpTargets(after, subjects, running.upstreams());
        GatewayContext next = running.withRequestPath(frontDoor(after, routes), routes, targets, after.limits());
        // Routes carry scopes of their own, which the identity's policy holds; token exchanges need the subjects.
        if (diff.identityChanged() || diff.routesChanged() || subjects != running.identity().subjects()) {
            next = next.withIdentity(running.identity().reloaded(before, after, subjects));
        }
        Set<String> leaving = new LinkedHashSet<>(diff.removed());
        leaving.addAll(diff.changed());
        List<UpstreamConfig> arriving = new ArrayList<>();
        for (UpstreamConfig upstream : after.upstreams()) {
            if (diff.added().contains(upstream.name()) || diff.changed().contains(upstream.name())) {
                arriving.add(upstream);
            }
        }
        // Before the swap, so that the first request on the new context finds its process and pinned era.
        running.stdio().apply(arriving.stream().filter(UpstreamConfig::isStdio).toList(), leaving);
        for (String name : leaving) {
            running.eras().repin(before.upstream(name).orElse(null), after.upstream(name).orElse(null));
        }
        for (UpstreamConfig upstream : arriving) {
            if (!diff.changed().contains(upstream.name())) {
                running.eras().repin(null, upstream);
            }
        }
        // The bridge filters tools/list by the policy the new context decides calls by.
        running.bridge().usePolicies(next.identity().admission().policies());
        if (ring != null) {
            // One sealer serves the bridge, the legacy front and every identity: they all seal with the new ring.
            next.identity().sealer().useKeys(ring);
        }
        live.set(next);
        running.identity().retire(next.identity());
        // After the swap: requests that started on the old context may still open sessions on the old targets.
        running.bridge().retarget(targets, leaving);
        retireCredentials(running.upstreams(), targets, leaving);
        running.legacySse().retire(leaving);
        for (String path : reconfiguredPaths(running.routes(), routes, leaving)) {
            running.federation().forget(path);
        }
        leaving.forEach(running.federation()::forgetUpstream);
        Set<String> names = new LinkedHashSet<>();
        after.upstreams().forEach(upstream -> names.add(upstream.name()));
        names.removeAll(diff.changed());
        running.pools().health().retain(names);
    }
}
