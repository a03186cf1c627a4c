package io.eragate.core.mrtr;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.MissingNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.eragate.core.jsonrpc.JsonRpcError;
import io.eragate.core.jsonrpc.JsonRpcErrorCodes;
import io.eragate.core.mcp.MetaKeys;
import io.eragate.core.mcp.Methods;
import java.util.Map;
import java.util.Objects;

/**
 * Whether an upstream server-to-client request may go to the client as an input request, judged by the capabilities
 * the client declared in the one request it is waiting on (2026-07-28 forbids relying on any other).
 *
 * <p>The granularity is the spec's: {@code elicitation.form} for a form elicitation (a request without {@code mode}
 * is a form), {@code elicitation.url} for a url one, where an {@code elicitation} object with neither member means
 * form only (the 2025-11-25 backwards-compatibility rule); {@code sampling} for sampling, plus {@code sampling.tools}
 * when the request carries {@code tools} and {@code sampling.context} when it asks for {@code includeContext} other
 * than {@code none}; {@code roots} for roots. A capability is declared when its value is a JSON object.
 */
public final class CapabilityCheck {

    private static final String ELICITATION = "elicitation";
    private static final String SAMPLING = "sampling";
    private static final String ROOTS = "roots";
    private static final String FORM = "form";
    private static final String URL = "url";
    private static final String TOOLS = "tools";
    private static final String CONTEXT = "context";

    private final JsonNode capabilities;

    private CapabilityCheck(JsonNode capabilities) {
        this.capabilities = capabilities;
    }

    /**
     * The check for the capabilities in a modern request's {@code params._meta}; none when they are absent.
     *
     * @param modernParams the params of the client request the upstream call serves, or {@code null}
     */
    public static CapabilityCheck of(ObjectNode modernParams) {
        JsonNode capabilities = modernParams == null ? MissingNode.getInstance()
                : modernParams.path(MetaKeys.META).path(MetaKeys.CLIENT_CAPABILITIES);
        return ofCapabilities(capabilities);
    }

    /** The check for a {@code ClientCapabilities} object; anything that is not an object declares nothing. */
    public static CapabilityCheck ofCapabilities(JsonNode clientCapabilities) {
        return new CapabilityCheck(clientCapabilities == null ? MissingNode.getInstance() : clientCapabilities);
    }

    /**
     * Decides what to do with an upstream request.
     *
     * @param method the upstream request's method
     * @param params the upstream request's params, or {@code null}
     */
    public Decision check(String method, ObjectNode params) {
        Objects.requireNonNull(method, "method");
        ObjectNode required = requiredCapabilities(method, params);
        if (required == null) {
            return new Decision.Decline(method + " cannot be relayed to a 2026-07-28 client",
                    UpstreamAnswer.decline(method), null);
        }
        if (!covers(capabilities, required)) {
            return new Decision.Decline("the request did not declare the client capabilities " + required
                    + " that " + method + " needs", UpstreamAnswer.decline(method), required);
        }
        return Decision.FORWARD;
    }

    /**
     * The {@code ClientCapabilities} an upstream request needs, as listed in a -32021 error's
     * {@code data.requiredCapabilities}: for example {@code {"elicitation":{"url":{}}}} or
     * {@code {"sampling":{"tools":{}}}}. {@code null} for a method that is never relayed as an input request.
     */
    public static ObjectNode requiredCapabilities(String method, ObjectNode params) {
        Objects.requireNonNull(method, "method");
        JsonNode safeParams = params == null ? MissingNode.getInstance() : params;
        ObjectNode required = JsonNodeFactory.instance.objectNode();
        switch (method) {
            case Methods.ELICITATION_CREATE -> {
                JsonNode mode = safeParams.path("mode");
                if (mode.isMissingNode() || mode.isNull() || FORM.equals(mode.asText(null))) {
                    required.putObject(ELICITATION).putObject(FORM);
                } else if (URL.equals(mode.asText(null))) {
                    required.putObject(ELICITATION).putObject(URL);
                } else {
                    return null;
                }
            }
            case Methods.SAMPLING_CREATE_MESSAGE -> {
                ObjectNode sampling = required.putObject(SAMPLING);
                JsonNode tools = safeParams.path(TOOLS);
                if (!tools.isMissingNode() && !tools.isNull()) {
                    sampling.putObject(TOOLS);
                }
                String includeContext = safeParams.path("includeContext").asText("none");
                if (!"none".equals(includeContext)) {
                    sampling.putObject(CONTEXT);
                }
            }
            case Methods.ROOTS_LIST -> required.putObject(ROOTS);
            default -> {
                return null;
            }
        }
        return required;
    }

    /** The -32021 error (HTTP 400) that fails a client request which needs {@code requiredCapabilities}. */
    public static JsonRpcError missingCapabilityError(ObjectNode requiredCapabilities) {
        Objects.requireNonNull(requiredCapabilities, "requiredCapabilities");
        ObjectNode data = JsonNodeFactory.instance.objectNode();
        data.set("requiredCapabilities", requiredCapabilities.deepCopy());
        return new JsonRpcError(JsonRpcErrorCodes.MISSING_REQUIRED_CLIENT_CAPABILITY,
                "Missing required client capability", data);
    }

    /**
     * Adds {@code more} to {@code target}: the union of two {@code requiredCapabilities} objects, for a result that
     * gathers several upstream requests.
     */
    public static void merge(ObjectNode target, ObjectNode more) {
        Objects.requireNonNull(target, "target");
        Objects.requireNonNull(more, "more");
        for (Map.Entry<String, JsonNode> entry : more.properties()) {
            JsonNode existing = target.get(entry.getKey());
            if (existing instanceof ObjectNode existingObject && entry.getValue() instanceof ObjectNode moreObject) {
                merge(existingObject, moreObject);
            } else if (existing == null) {
                target.set(entry.getKey(), entry.getValue().deepCopy());
            }
        }
    }

    private static boolean covers(JsonNode declared, ObjectNode required) {
        for (Map.Entry<String, JsonNode> entry : required.properties()) {
            String capability = entry.getKey();
            JsonNode have = declared.path(capability);
            if (!have.isObject()) {
                return false;
            }
            for (Map.Entry<String, JsonNode> sub : entry.getValue().properties()) {
                if (!hasSub(capability, have, sub.getKey())) {
                    return false;
                }
            }
        }
        return true;
    }

    private static boolean hasSub(String capability, JsonNode have, String sub) {
        if (have.path(sub).isObject()) {
            return true;
        }
        // 2025-11-25: an elicitation capability that names no mode supports form mode only.
        return ELICITATION.equals(capability) && FORM.equals(sub) && !have.has(FORM) && !have.has(URL);
    }

    /** What to do with one upstream server-to-client request. */
    public sealed interface Decision permits Decision.Forward, Decision.Decline {

        /** The shared {@link Forward}. */
        Forward FORWARD = new Forward();

        /** The request may go to the client as an input request. */
        record Forward() implements Decision {
        }

        /**
         * The request must not reach the client.
         *
         * @param reason why, for logs
         * @param answer what to send upstream instead
         * @param requiredCapabilities what the client would have had to declare, for a -32021 error instead of the
         *     upstream answer; {@code null} when no capability would help
         */
        record Decline(String reason, UpstreamAnswer answer, ObjectNode requiredCapabilities) implements Decision {

            public Decline {
                Objects.requireNonNull(reason, "reason");
                Objects.requireNonNull(answer, "answer");
            }
        }
    }
}
