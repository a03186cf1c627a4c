package io.eragate.netty.server;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.eragate.core.jsonrpc.JsonRpcCodec;
import io.eragate.core.mcp.Era;
import io.eragate.core.route.Catalogue;
import io.eragate.core.route.Owned;
import io.eragate.core.route.Route;
import io.eragate.core.route.RouteRule;
import io.eragate.netty.upstream.UpstreamTarget;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.CompletableFuture;

/**
 * The admin report {@code /admin/routes}: each route with its upstreams and their state, its rules, and, for a
 * federated route, the merged catalogue with the owner of each name. The JSON is documented in
 * docs/configuration.md; the admin dashboard reads it.
 */
final class RoutesReport {

    private RoutesReport() {
    }

    /** The report as JSON. */
    static String json(GatewayContext context) {
        ObjectNode report = JsonRpcCodec.mapper().createObjectNode();
        ArrayNode routes = report.putArray("routes");
        for (String path : context.routes().paths()) {
            Route route = context.routes().match(path).orElseThrow();
            ObjectNode entry = routes.addObject().put("path", path).put("federated", route.isFederated());
            if (route.isFederated()) {
                entry.put("names", route.names().name().toLowerCase(Locale.ROOT).replace('_', '-'))
                        .put("fanOutTimeoutMs", route.fanOutTimeout().toMillis())
                        .put("maxNameLength", route.maxNameLength());
            }
            ArrayNode upstreams = entry.putArray("upstreams");
            for (String upstream : route.reachableUpstreams()) {
                upstreams.addObject().put("name", upstream).put("byRuleOnly", !route.upstreams().contains(upstream))
                        .put("state", state(context, upstream));
            }
            ArrayNode rules = entry.putArray("rules");
            for (RouteRule rule : route.rules()) {
                ObjectNode shown = rules.addObject().put("method", rule.method().toString());
                if (rule.name() != null) {
                    shown.put("name", rule.name().toString());
                }
                shown.put("upstream", rule.upstream());
            }
            if (route.isFederated()) {
                Catalogue catalogue = context.federation().catalogue(path);
                ObjectNode shown = entry.putObject("catalogue");
                owners(shown.putObject("tools"), catalogue == null ? Map.of() : catalogue.tools());
                owners(shown.putObject("prompts"), catalogue == null ? Map.of() : catalogue.prompts());
                owners(shown.putObject("resources"), catalogue == null ? Map.of() : catalogue.resources());
            }
        }
        report.put("cachedMergedPages", context.federation().cachedPages());
        return report.toString();
    }

    private static void owners(ObjectNode target, Map<String, Owned> owners) {
        owners.entrySet().stream().sorted(Map.Entry.comparingByKey()).forEach(owned -> target.putObject(owned.getKey())
                .put("upstream", owned.getValue().upstream()).put("name", owned.getValue().name()));
    }

    /**
     * What is known of an upstream without waiting: {@code stdio}; for HTTP, {@code modern}, {@code legacy},
     * {@code probing} (its era is being learned) or {@code unreachable} (the last probe failed).
     */
    private static String state(GatewayContext context, String upstream) {
        if (context.stdio().get(upstream).isPresent()) {
            return "stdio";
        }
        UpstreamTarget target = context.upstreams().get(upstream);
        if (target == null) {
            return "unknown";
        }
        CompletableFuture<Era> era = context.eras().eraOf(target);
        if (!era.isDone()) {
            return "probing";
        }
        if (era.isCompletedExceptionally()) {
            return "unreachable";
        }
        return era.join() == Era.LEGACY ? "legacy" : "modern";
    }
}
