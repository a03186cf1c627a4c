package io.eragate.netty.server;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.eragate.core.jsonrpc.JsonRpcCodec;
import io.eragate.core.mcp.Methods;
import io.eragate.core.telemetry.TraceContext;
import io.eragate.core.telemetry.TraceparentRewrite;
import io.eragate.netty.telemetry.RequestObservation;
import io.netty.handler.codec.http.HttpHeaders;
import java.io.IOException;

/**
 * Traces a legacy client's request that passes through to a legacy upstream: its server span and the client span of
 * the upstream request, whose {@code traceparent} goes upstream in the header and, for a JSON-RPC request, in
 * {@code params._meta} (the same byte-level rewrite as the modern pass-through: every other byte stays as the client
 * sent it). Only with tracing on is the body read for its method, name and trace context: the pass-through otherwise
 * never parses it.
 */
final class PassThroughTrace {

    private PassThroughTrace() {
    }

    /**
     * Starts the spans of {@code body} going to {@code upstream} by {@code route}; returns the body to send (rewritten
     * when tracing is on and it is a JSON-RPC request), and sets the {@code traceparent} header in {@code headers}.
     */
    static byte[] begin(RequestObservation observation, String route, String upstream, byte[] body,
            HttpHeaders headers) {
        if (!observation.tracing()) {
            observation.passedThrough(null, null, null, route, upstream);
            return body;
        }
        JsonNode tree = parse(body);
        String method = tree != null && tree.path("method").isTextual() ? tree.get("method").textValue() : null;
        String field = method == null ? null : Methods.nameField(method);
        JsonNode params = tree == null ? null : tree.get("params");
        JsonNode name = field == null || params == null ? null : params.get(field);
        String traceparent = observation.passedThrough(params instanceof ObjectNode object ? object : null, method,
                name != null && name.isTextual() ? name.textValue() : null, route, upstream);
        headers.set(TraceContext.TRACEPARENT, traceparent);
        boolean request = method != null && tree.has("id");
        boolean metaCanHoldIt = (params == null || params.isObject())
                && (params == null || params.get("_meta") == null || params.get("_meta").isObject());
        return request && metaCanHoldIt ? TraceparentRewrite.rewrite(body, traceparent) : body;
    }

    private static JsonNode parse(byte[] body) {
        if (body.length == 0) {
            return null;
        }
        try {
            JsonNode tree = JsonRpcCodec.readTree(body);
            return tree != null && tree.isObject() ? tree : null;
        } catch (IOException e) {
            return null;
        }
    }
}
