package io.eragate.core.route;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.eragate.core.jsonrpc.JsonRpcCodec;
import java.util.List;
import java.util.Map;

/**
 * Merges the {@code server/discover} results of a federated route's upstreams into the gateway's own: the first
 * answer's shape, the union of every upstream's capabilities (a flag such as {@code listChanged} is true when any
 * upstream says so), the gateway as {@code serverInfo}, and the upstreams that did not answer named in {@code _meta}.
 */
public final class DiscoverMerge {

    private static final String CAPABILITIES = "capabilities";

    private DiscoverMerge() {
    }

    /** The merged result; null when no upstream answered (the client then gets an error, not an empty server). */
    public static ObjectNode merge(List<UpstreamAnswer> answers, String gatewayName, String gatewayVersion) {
        ObjectNode merged = null;
        ObjectNode capabilities = JsonRpcCodec.mapper().createObjectNode();
        for (UpstreamAnswer answer : answers) {
            if (answer instanceof UpstreamAnswer.Answered answered) {
                if (merged == null) {
                    merged = answered.result().deepCopy();
                    merged.remove("instructions");
                    merged.remove("_meta");
                }
                JsonNode theirs = answered.result().path(CAPABILITIES);
                if (theirs.isObject()) {
                    union(capabilities, (ObjectNode) theirs);
                }
            }
        }
        if (merged == null) {
            return null;
        }
        merged.set(CAPABILITIES, capabilities);
        merged.putObject("serverInfo").put("name", gatewayName).put("version", gatewayVersion);
        ListMerge.markUnavailable(merged, answers);
        return merged;
    }

    /** Adds {@code source}'s members to {@code target}: objects merged member by member, true flags win. */
    private static void union(ObjectNode target, ObjectNode source) {
        for (Map.Entry<String, JsonNode> member : source.properties()) {
            JsonNode mine = target.get(member.getKey());
            JsonNode theirs = member.getValue();
            if (mine == null) {
                target.set(member.getKey(), theirs.deepCopy());
            } else if (mine.isObject() && theirs.isObject()) {
                union((ObjectNode) mine, (ObjectNode) theirs);
            } else if (mine.isBoolean() && theirs.isBoolean()) {
                target.put(member.getKey(), mine.booleanValue() || theirs.booleanValue());
            }
        }
    }
}
