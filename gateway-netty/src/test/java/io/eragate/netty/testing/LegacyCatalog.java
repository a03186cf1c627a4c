package io.eragate.netty.testing;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;

/** What the legacy fixture offers: its initialize result, tools, resources and prompts, in 2025-11-25 shapes. */
final class LegacyCatalog {
    static final String LATEST_VERSION = "2025-11-25";
    /** The versions it negotiates, newest first: the legacy versions a 2025-11-25 SDK server accepts. */
    static final List<String> VERSIONS = List.of(LATEST_VERSION, "2025-06-18", "2025-03-26", "2024-11-05");

    private static final Map<String, String[]> RESOURCES = Map.of(
            "fixture://greeting", new String[] {"greeting", "text/plain", "Hello from the legacy fixture"},
            "fixture://config", new String[] {"config", "application/json", "{\"mode\":\"test\"}"});

    private final String serverName;
    private final String serverVersion;
    /** Tools a test added after start, listed after the built-in ones. */
    private final List<ObjectNode> addedTools = new CopyOnWriteArrayList<>();

    LegacyCatalog(String serverName, String serverVersion) {
        this.serverName = serverName;
        this.serverVersion = serverVersion;
    }

    /** The requested version when the fixture knows it, else its latest, as version negotiation prescribes. */
    static String negotiate(String requested) {
        return VERSIONS.contains(requested) ? requested : LATEST_VERSION;
    }

    ObjectNode initializeResult(String protocolVersion) {
        ObjectNode result = JsonRpcWire.object().put("protocolVersion", protocolVersion);
        ObjectNode capabilities = result.putObject("capabilities");
        capabilities.putObject("tools").put("listChanged", true);
        capabilities.putObject("logging");
        capabilities.putObject("resources").put("subscribe", true);
        capabilities.putObject("prompts");
        result.putObject("serverInfo").put("name", serverName).put("version", serverVersion);
        return result;
    }

    ObjectNode toolsList() {
        ObjectNode result = JsonRpcWire.object();
        ArrayNode tools = result.putArray("tools");
        tools.add(tool("echo", "Echoes the message back as text.", Map.of("message", "string"), List.of("message")));
        tools.add(tool("add", "Adds two numbers.", Map.of("a", "number", "b", "number"), List.of("a", "b")));
        tools.add(tool("counter", "Increments the fixture's side-effect counter and returns its value.",
                Map.of(), List.of()));
        tools.add(tool("slow", "Answers after ms milliseconds with steps progress notifications and log lines.",
                Map.of("ms", "integer", "steps", "integer"), List.of("ms")));
        tools.add(tool("hang", "Never answers; for timeout and cancellation tests.", Map.of(), List.of()));
        addedTools.forEach(tools::add);
        return result;
    }

    /** Lists one more tool from now on (calling it answers "Unknown tool"), as a server whose tools change does. */
    void addTool(String name, String description) {
        addedTools.add(tool(name, description, Map.of(), List.of()));
    }

    ObjectNode resourcesList() {
        ObjectNode result = JsonRpcWire.object();
        ArrayNode resources = result.putArray("resources");
        RESOURCES.entrySet().stream().sorted(Map.Entry.comparingByKey()).forEach(entry -> resources.addObject()
                .put("uri", entry.getKey()).put("name", entry.getValue()[0]).put("mimeType", entry.getValue()[1]));
        return result;
    }

    /** The contents of {@code uri}, or empty when the fixture has no such resource. */
    Optional<ObjectNode> readResource(String uri) {
        String[] resource = RESOURCES.get(uri);
        if (resource == null) {
            return Optional.empty();
        }
        ObjectNode result = JsonRpcWire.object();
        result.putArray("contents").addObject().put("uri", uri).put("mimeType", resource[1]).put("text", resource[2]);
        return Optional.of(result);
    }

    ObjectNode promptsList() {
        ObjectNode result = JsonRpcWire.object();
        ObjectNode greet = result.putArray("prompts").addObject()
                .put("name", "greet").put("description", "Asks the model to greet someone.");
        greet.putArray("arguments").addObject().put("name", "name").put("required", true);
        return result;
    }

    /** The messages of prompt {@code name}, or empty when the fixture has no such prompt. */
    Optional<ObjectNode> getPrompt(String name, JsonNode arguments) {
        if (!"greet".equals(name)) {
            return Optional.empty();
        }
        ObjectNode result = JsonRpcWire.object().put("description", "Asks the model to greet someone.");
        result.putArray("messages").addObject().put("role", "user").putObject("content")
                .put("type", "text").put("text", "Please greet " + arguments.path("name").asText("nobody") + ".");
        return Optional.of(result);
    }

    private static ObjectNode tool(String name, String description, Map<String, String> properties,
                                   List<String> required) {
        ObjectNode tool = JsonRpcWire.object().put("name", name).put("description", description);
        ObjectNode schema = tool.putObject("inputSchema").put("type", "object");
        ObjectNode props = schema.putObject("properties");
        properties.entrySet().stream().sorted(Map.Entry.comparingByKey())
                .forEach(property -> props.putObject(property.getKey()).put("type", property.getValue()));
        required.forEach(schema.putArray("required")::add);
        return tool;
    }
}
