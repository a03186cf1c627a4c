package io.eragate.netty.demo;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.OptionalInt;

/**
 * The demo server's tools: {@code echo} and {@code add} answer at once; {@code countdown} is streamed by
 * {@link DemoCountdown}, so this class only lists it and checks its argument. Bad arguments and unknown tools are
 * reported in band ({@code isError: true}), as 2025-11-25 asks for errors a model can correct.
 */
final class DemoTools {
    static final String ECHO = "echo";
    static final String ADD = "add";
    static final String COUNTDOWN = "countdown";
    /** The largest {@code n} a countdown accepts, which bounds how long it holds a connection. */
    static final int MAX_COUNTDOWN = 20;

    private DemoTools() {
    }

    /** The {@code tools/list} result. */
    static ObjectNode list() {
        ObjectNode result = DemoMessages.object();
        ArrayNode tools = result.putArray("tools");
        ObjectNode echo = tool(tools, ECHO, "Echoes a message back");
        property(echo, "message", "string", "The text to echo");
        ObjectNode add = tool(tools, ADD, "Adds two numbers a and b");
        property(add, "a", "number", "The first addend");
        property(add, "b", "number", "The second addend");
        ObjectNode countdown = tool(tools, COUNTDOWN,
                "Counts down from n, one step every 200 ms, with progress (when asked for) and log messages");
        property(countdown, "n", "integer", "How many steps").put("minimum", 1).put("maximum", MAX_COUNTDOWN);
        return result;
    }

    /** The result of calling an immediate tool (anything but {@code countdown}). */
    static ObjectNode call(String name, JsonNode arguments) {
        return switch (name) {
            case ECHO -> arguments.path("message").isTextual()
                    ? DemoMessages.toolResult("Echo: " + arguments.get("message").asText(), false)
                    : DemoMessages.toolResult("echo needs a string argument 'message'", true);
            case ADD -> arguments.path("a").isNumber() && arguments.path("b").isNumber()
                    ? DemoMessages.toolResult(sum(arguments.get("a"), arguments.get("b")), false)
                    : DemoMessages.toolResult("add needs number arguments 'a' and 'b'", true);
            default -> DemoMessages.toolResult("Unknown tool: " + name, true);
        };
    }

    /** The number of countdown steps, or empty when {@code n} is not an integer from 1 to {@link #MAX_COUNTDOWN}. */
    static OptionalInt countdownSteps(JsonNode arguments) {
        JsonNode n = arguments.path("n");
        if (!n.canConvertToExactIntegral() || !n.canConvertToInt() || n.asInt() < 1 || n.asInt() > MAX_COUNTDOWN) {
            return OptionalInt.empty();
        }
        return OptionalInt.of(n.asInt());
    }

    static ObjectNode countdownArgumentError() {
        return DemoMessages.toolResult("countdown needs an integer argument 'n' from 1 to " + MAX_COUNTDOWN, true);
    }

    private static String sum(JsonNode a, JsonNode b) {
        String total = a.decimalValue().add(b.decimalValue()).stripTrailingZeros().toPlainString();
        return "The sum of " + a.asText() + " and " + b.asText() + " is " + total + ".";
    }

    private static ObjectNode tool(ArrayNode tools, String name, String description) {
        ObjectNode tool = tools.addObject().put("name", name).put("description", description);
        ObjectNode schema = tool.putObject("inputSchema").put("type", "object");
        schema.putObject("properties");
        schema.putArray("required");
        return tool;
    }

    /** Adds a required property to the tool's input schema and returns the property's schema. */
    private static ObjectNode property(ObjectNode tool, String name, String type, String description) {
        ObjectNode schema = (ObjectNode) tool.get("inputSchema");
        ((ArrayNode) schema.get("required")).add(name);
        ObjectNode properties = (ObjectNode) schema.get("properties");
        return properties.putObject(name).put("type", type).put("description", description);
    }
}
