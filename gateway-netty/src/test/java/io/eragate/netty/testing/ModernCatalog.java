package io.eragate.netty.testing;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

/** The results the modern fixture returns, already stamped the way 2026-07-28 wants every result stamped. */
final class ModernCatalog {
    static final String PROTOCOL_VERSION = "2026-07-28";
    static final String SERVER_INFO_KEY = "io.modelcontextprotocol/serverInfo";
    static final long TTL_MILLIS = 60_000;

    private final String serverName;
    private final String serverVersion;

    ModernCatalog(String serverName, String serverVersion) {
        this.serverName = serverName;
        this.serverVersion = serverVersion;
    }

    /** Adds {@code resultType: "complete"} and {@code _meta} serverInfo, which every modern result carries. */
    ObjectNode complete(ObjectNode result) {
        result.put("resultType", "complete");
        result.withObjectProperty("_meta").set(SERVER_INFO_KEY,
                JsonRpcWire.object().put("name", serverName).put("version", serverVersion));
        return result;
    }

    /** {@link #complete} plus the caching hints that list and discover results must carry. */
    ObjectNode cacheable(ObjectNode result) {
        result.put("ttlMs", TTL_MILLIS).put("cacheScope", "public");
        return complete(result);
    }

    ObjectNode discover() {
        ObjectNode result = JsonRpcWire.object();
        result.putArray("supportedVersions").add(PROTOCOL_VERSION);
        result.putObject("capabilities").putObject("tools");
        return cacheable(result);
    }

    ObjectNode toolsList() {
        ObjectNode result = JsonRpcWire.object();
        ArrayNode tools = result.putArray("tools");
        tools.add(tool("echo", "Echoes the message back as text.", "message", "string"));
        ObjectNode slow = tool("slow", "Answers after ms milliseconds, with steps progress notifications first.",
                "ms", "integer");
        slow.withObjectProperty("inputSchema").withObjectProperty("properties")
                .putObject("steps").put("type", "integer");
        tools.add(slow);
        tools.add(tool("hang", "Never answers; for timeout and cancellation tests.", null, null));
        tools.add(tool("die_mid_stream", "Starts an SSE answer, sends one progress event, then drops the connection.",
                null, null));
        tools.add(tool("html_error", "Fails with a 500 HTML page instead of JSON-RPC.", null, null));
        tools.add(tool("exception_body", "Fails with a 400 carrying a Java exception as JSON, not JSON-RPC.",
                null, null));
        return cacheable(result);
    }

    private static ObjectNode tool(String name, String description, String requiredProperty, String propertyType) {
        ObjectNode tool = JsonRpcWire.object().put("name", name).put("description", description);
        ObjectNode schema = tool.putObject("inputSchema").put("type", "object");
        ObjectNode properties = schema.putObject("properties");
        if (requiredProperty != null) {
            properties.putObject(requiredProperty).put("type", propertyType);
            schema.putArray("required").add(requiredProperty);
        }
        return tool;
    }
}
