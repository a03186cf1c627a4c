package io.eragate.core.route;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.eragate.core.jsonrpc.JsonRpcCodec;
import io.eragate.core.mcp.Methods;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Merges one page of a list from every upstream of a federated route into one result: tool and prompt names shown as
 * the route names them (see {@link ExposedNames}), resource URIs and templates unchanged (a URI two upstreams serve
 * goes to the first, with a warning), the gateway's cursor over every upstream's own, and the upstreams that did not
 * answer named in {@code _meta["io.eragate/unavailable"]}. Never a silent collision: whatever is left out is
 * reported in the warnings.
 */
public final class ListMerge {

    /** The {@code _meta} key naming the upstreams a merged answer is missing. */
    public static final String UNAVAILABLE_META = "io.eragate/unavailable";
    private static final String RESULT_TYPE = "resultType";
    private static final String TTL_MS = "ttlMs";
    private static final String CACHE_SCOPE = "cacheScope";
    private static final String PUBLIC = "public";
    private static final String PRIVATE = "private";

    private ListMerge() {
    }

    /**
     * The merged page.
     *
     * @param result the JSON-RPC result for the client
     * @param catalogue who owns what this page lists
     * @param warnings what was left out and why, for the log
     */
    public record Merged(ObjectNode result, Catalogue catalogue, List<String> warnings) {
        public Merged {
            warnings = List.copyOf(warnings);
        }
    }

    /** The array member each list method answers with; null when {@code method} is not a mergeable list. */
    public static String itemsField(String method) {
        return switch (method) {
            case Methods.TOOLS_LIST -> "tools";
            case Methods.PROMPTS_LIST -> "prompts";
            case Methods.RESOURCES_LIST -> "resources";
            case Methods.RESOURCES_TEMPLATES_LIST -> "resourceTemplates";
            default -> null;
        };
    }

    /** Merges the answers (in route order) to one page of {@code method}. */
    public static Merged merge(Route route, String method, List<UpstreamAnswer> answers) {
        String field = itemsField(method);
        if (field == null) {
            throw new IllegalArgumentException(method + " is not a list");
        }
        ObjectNode result = JsonRpcCodec.mapper().createObjectNode();
        ArrayNode items = result.putArray(field);
        Map<String, Owned> tools = new LinkedHashMap<>();
        Map<String, Owned> prompts = new LinkedHashMap<>();
        Map<String, Owned> resources = new LinkedHashMap<>();
        Map<String, String> templates = new LinkedHashMap<>();
        Map<String, String> pending = new LinkedHashMap<>();
        List<String> warnings = new ArrayList<>();
        for (UpstreamAnswer answer : answers) {
            if (!(answer instanceof UpstreamAnswer.Answered answered)) {
                continue;
            }
            JsonNode list = answered.result().path(field);
            for (JsonNode item : list) {
                if (!item.isObject()) {
                    continue;
                }
                switch (method) {
                    case Methods.TOOLS_LIST -> addNamed(route, answered.upstream(), (ObjectNode) item, "tool", tools,
                            items, warnings);
                    case Methods.PROMPTS_LIST -> addNamed(route, answered.upstream(), (ObjectNode) item, "prompt",
                            prompts, items, warnings);
                    case Methods.RESOURCES_LIST -> addUnique(answered.upstream(), (ObjectNode) item, "uri", resources,
                            items, warnings);
                    default -> addTemplate(answered.upstream(), (ObjectNode) item, templates, items, warnings);
                }
            }
            JsonNode next = answered.result().get("nextCursor");
            if (next != null && next.isTextual()) {
                pending.put(answered.upstream(), next.textValue());
            }
        }
        String cursor = FederatedCursor.encode(pending);
        if (cursor != null) {
            result.put("nextCursor", cursor);
        }
        stampCompletion(result, answers);
        markUnavailable(result, answers);
        return new Merged(result, new Catalogue(tools, prompts, resources), warnings);
    }

    /**
     * Stamps what a 2026-07-28 list result carries: {@code resultType}, the shortest {@code ttlMs} any upstream gave,
     * and {@code cacheScope} public only when every upstream said so.
     */
    static void stampCompletion(ObjectNode result, List<UpstreamAnswer> answers) {
        result.put(RESULT_TYPE, "complete");
        long ttl = Long.MAX_VALUE;
        boolean allPublic = true;
        boolean anyAnswered = false;
        for (UpstreamAnswer answer : answers) {
            if (answer instanceof UpstreamAnswer.Answered answered) {
                anyAnswered = true;
                JsonNode upstreamTtl = answered.result().get(TTL_MS);
                ttl = Math.min(ttl, upstreamTtl != null && upstreamTtl.canConvertToLong() ? upstreamTtl.asLong() : 0);
                allPublic &= PUBLIC.equals(answered.result().path(CACHE_SCOPE).asText());
            }
        }
        result.put(TTL_MS, anyAnswered ? Math.max(0, ttl) : 0);
        result.put(CACHE_SCOPE, anyAnswered && allPublic ? PUBLIC : PRIVATE);
    }

    /** Names every upstream that did not answer, with its reason, in {@code _meta}. */
    static void markUnavailable(ObjectNode result, List<UpstreamAnswer> answers) {
        ArrayNode missing = null;
        for (UpstreamAnswer answer : answers) {
            if (answer instanceof UpstreamAnswer.Unavailable unavailable) {
                if (missing == null) {
                    missing = result.putObject("_meta").putArray(UNAVAILABLE_META);
                }
                missing.addObject().put("upstream", unavailable.upstream())
                        .put("reason", unavailable.reason().wireName());
            }
        }
    }

    private static void addNamed(Route route, String upstream, ObjectNode item, String kind,
            Map<String, Owned> owners, ArrayNode items, List<String> warnings) {
        JsonNode name = item.get("name");
        if (name == null || !name.isTextual()) {
            return;
        }
        Optional<String> exposed = ExposedNames.expose(route.names(), upstream, name.textValue(),
                route.maxNameLength());
        if (exposed.isEmpty()) {
            warnings.add(kind + " " + quote(name.textValue()) + " of upstream " + quote(upstream) + " left out of "
                    + route.path() + ": its name cannot be shown within maxNameLength " + route.maxNameLength());
            return;
        }
        Owned previous = owners.putIfAbsent(exposed.get(), new Owned(upstream, name.textValue()));
        if (previous != null) {
            warnings.add(kind + " " + quote(exposed.get()) + " of upstream " + quote(upstream) + " left out of "
                    + route.path() + ": upstream " + quote(previous.upstream()) + " shows the same name");
            return;
        }
        ObjectNode shown = item.deepCopy();
        shown.put("name", exposed.get());
        items.add(shown);
    }

    private static void addUnique(String upstream, ObjectNode item, String key, Map<String, Owned> owners,
            ArrayNode items, List<String> warnings) {
        JsonNode uri = item.get(key);
        if (uri == null || !uri.isTextual()) {
            return;
        }
        Owned previous = owners.putIfAbsent(uri.textValue(), new Owned(upstream, uri.textValue()));
        if (previous != null) {
            warnings.add("resource " + quote(uri.textValue()) + " is served by upstreams " + quote(previous.upstream())
                    + " and " + quote(upstream) + "; " + quote(previous.upstream()) + " answers for it");
            return;
        }
        items.add(item);
    }

    private static void addTemplate(String upstream, ObjectNode item, Map<String, String> owners, ArrayNode items,
            List<String> warnings) {
        JsonNode template = item.get("uriTemplate");
        if (template == null || !template.isTextual()) {
            return;
        }
        String previous = owners.putIfAbsent(template.textValue(), upstream);
        if (previous != null) {
            warnings.add("resource template " + quote(template.textValue()) + " is served by upstreams "
                    + quote(previous) + " and " + quote(upstream) + "; " + quote(previous) + " answers for it");
            return;
        }
        items.add(item);
    }

    private static String quote(String text) {
        return "\"" + text + "\"";
    }
}
