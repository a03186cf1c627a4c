package io.eragate.core.route;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.eragate.core.frontdoor.Rejection;
import io.eragate.core.frontdoor.Rejections;
import io.eragate.core.jsonrpc.JsonRpcCodec;
import io.eragate.core.jsonrpc.JsonRpcError;
import io.eragate.core.jsonrpc.JsonRpcErrorCodes;
import io.eragate.core.jsonrpc.JsonRpcId;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

/** The errors of routing and federation, each with its status and JSON-RPC code, keeping the request id. */
public final class RoutingRejections {

    private RoutingRejections() {
    }

    /** 400/-32602: no upstream of the federated route owns the name (the client should list again). */
    public static Rejection unknownName(JsonRpcId id, String path, NameKind kind, String name) {
        return Rejections.invalidParams(id, "no upstream of " + path + " has a " + kind.name().toLowerCase(Locale.ROOT)
                + " called \"" + name + "\"");
    }

    /** 400/-32602: a cursor this route did not issue. */
    public static Rejection badCursor(JsonRpcId id) {
        return Rejections.invalidParams(id, "cursor is not one this endpoint issued; list again from the start");
    }

    /**
     * 502, or 504 when every upstream timed out, with -32603 naming each upstream and why it is missing: no upstream of
     * a federated route answered a fanned-out request.
     */
    public static Rejection noUpstreamAnswered(JsonRpcId id, String path, List<UpstreamAnswer> answers) {
        ObjectNode data = JsonRpcCodec.mapper().createObjectNode();
        ArrayNode missing = data.putArray(ListMerge.UNAVAILABLE_META);
        boolean allTimedOut = !answers.isEmpty();
        for (UpstreamAnswer answer : answers) {
            if (answer instanceof UpstreamAnswer.Unavailable unavailable) {
                missing.addObject().put("upstream", unavailable.upstream())
                        .put("reason", unavailable.reason().wireName());
                allTimedOut &= unavailable.reason() == UpstreamAnswer.Reason.TIMEOUT;
            }
        }
        String which = answers.stream()
                .filter(UpstreamAnswer.Unavailable.class::isInstance)
                .map(answer -> "\"" + answer.upstream() + "\" ("
                        + ((UpstreamAnswer.Unavailable) answer).reason().wireName() + ")")
                .collect(Collectors.joining(", "));
        return Rejection.of(allTimedOut ? 504 : 502, id, new JsonRpcError(JsonRpcErrorCodes.INTERNAL_ERROR,
                "Bad gateway: no upstream of " + path + " answered: " + which, data));
    }
}
