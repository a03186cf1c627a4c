package io.eragate.core.bridge;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.eragate.core.config.MrtrConfig.SessionCapabilities;
import io.eragate.core.mcp.MetaKeys;
import io.eragate.core.mcp.ProtocolVersions;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Builds the legacy {@code initialize} params that open a pooled upstream session on behalf of modern requests.
 *
 * <p>A pooled session is keyed by the capabilities it declares (see {@link #capabilitiesKey(ObjectNode)}). By default
 * ({@link SessionCapabilities#AS_DECLARED}) the upstream is told exactly what the requests it serves declared, so a
 * legacy server never asks, say, for an elicitation on behalf of a request whose client did not declare it, and can
 * adapt as it would to such a client. With {@link SessionCapabilities#RELAYABLE} every session declares all the
 * gateway can relay, and the bridge answers a request that lacks what the server then asks for with -32021.
 */
public final class InitializeSynthesizer {

    /** The legacy protocol version Eragate asks for in every synthesized {@code initialize}. */
    public static final String LEGACY_VERSION = ProtocolVersions.V2025_11_25;
    /** The name Eragate uses for itself when a request carries no usable {@code clientInfo}. */
    public static final String GATEWAY_NAME = "eragate";

    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;
    private static final String ROOTS = "roots";
    private static final String LIST_CHANGED = "listChanged";
    /**
     * Client capabilities that mean the same in both eras. Everything else is left out: {@code extensions} exists
     * only in 2026-07-28, and {@code tasks} is never declared because the 2025 tasks feature is not bridged.
     */
    private static final List<String> SHARED_CLIENT_CAPABILITIES =
            List.of(ROOTS, "sampling", "elicitation", "experimental");

    private final ObjectNode gatewayClientInfo;
    private final SessionCapabilities sessionCapabilities;

    /**
     * A synthesizer whose sessions declare what the requests declared.
     *
     * @param gatewayVersion Eragate's version, reported as {@code clientInfo.version} when a request carries no
     *     usable {@code clientInfo} of its own
     */
    public InitializeSynthesizer(String gatewayVersion) {
        this(gatewayVersion, SessionCapabilities.AS_DECLARED);
    }

    /**
     * @param gatewayVersion Eragate's version, reported as {@code clientInfo.version} when a request carries no
     *     usable {@code clientInfo} of its own
     * @param sessionCapabilities what every session declares upstream
     */
    public InitializeSynthesizer(String gatewayVersion, SessionCapabilities sessionCapabilities) {
        Objects.requireNonNull(gatewayVersion, "gatewayVersion");
        this.sessionCapabilities = Objects.requireNonNull(sessionCapabilities, "sessionCapabilities");
        this.gatewayClientInfo = NODES.objectNode().put("name", GATEWAY_NAME).put("version", gatewayVersion);
    }

    /**
     * The params of the legacy {@code initialize} for a modern request: {@code protocolVersion} 2025-11-25,
     * {@code capabilities} from the request's {@code clientCapabilities} (see {@link #legacyCapabilities(JsonNode)}
     * and {@link #relayableCapabilities(JsonNode)}) and {@code clientInfo} from the request's envelope, or Eragate's own when the envelope has none with a
     * {@code name} and {@code version}.
     *
     * @param requestParams the modern request's params; {@code null} or a params without {@code _meta} yields
     *     empty capabilities and Eragate's clientInfo
     * @return a new object; the input is never modified
     */
    public ObjectNode initializeParams(ObjectNode requestParams) {
        ObjectNode params = NODES.objectNode();
        params.put("protocolVersion", LEGACY_VERSION);
        JsonNode declared = Envelope.metaValue(requestParams, MetaKeys.CLIENT_CAPABILITIES);
        params.set("capabilities", sessionCapabilities(declared));
        params.set("clientInfo", clientInfo(requestParams));
        return params;
    }

    /** The {@code clientInfo} Eragate reports upstream for this request. */
    public ObjectNode clientInfo(ObjectNode requestParams) {
        JsonNode declared = Envelope.metaValue(requestParams, MetaKeys.CLIENT_INFO);
        if (declared instanceof ObjectNode info && hasText(info, "name") && hasText(info, "version")) {
            return info.deepCopy();
        }
        return gatewayClientInfo.deepCopy();
    }

    /**
     * The pool key part for a modern request: the canonical form of the legacy capabilities its session declares.
     * Two requests whose capabilities differ only in what is not sent upstream share a key.
     */
    public String capabilitiesKey(ObjectNode requestParams) {
        return normalizedCapabilitiesKey(
                sessionCapabilities(Envelope.metaValue(requestParams, MetaKeys.CLIENT_CAPABILITIES)));
    }

    private ObjectNode sessionCapabilities(JsonNode clientCapabilities) {
        return sessionCapabilities == SessionCapabilities.RELAYABLE ? relayableCapabilities(clientCapabilities)
                : legacyCapabilities(clientCapabilities);
    }

    /**
     * The 2025-11-25 client capabilities of a session that declares all the gateway can relay as input requests:
     * {@code elicitation} with {@code form} and {@code url}, {@code sampling} with {@code tools} and
     * {@code context}, {@code roots} without {@code listChanged}; {@code experimental} is the request's own, as
     * in {@link #legacyCapabilities(JsonNode)}.
     *
     * @param clientCapabilities the modern value, or {@code null} / a non-object
     * @return a new object
     */
    public static ObjectNode relayableCapabilities(JsonNode clientCapabilities) {
        ObjectNode relayable = NODES.objectNode();
        relayable.putObject(ROOTS);
        ObjectNode sampling = relayable.putObject("sampling");
        sampling.putObject("context");
        sampling.putObject("tools");
        ObjectNode elicitation = relayable.putObject("elicitation");
        elicitation.putObject("form");
        elicitation.putObject("url");
        JsonNode experimental = legacyCapabilities(clientCapabilities).get("experimental");
        if (experimental != null) {
            relayable.set("experimental", experimental);
        }
        return relayable;
    }

    /**
     * The 2025-11-25 client capabilities for a 2026-07-28 {@code ClientCapabilities} value: {@code roots} (always
     * without {@code listChanged}, since a modern client never sends roots change notifications), {@code sampling},
     * {@code elicitation} and {@code experimental} are kept when they are objects; everything else is dropped.
     *
     * @param clientCapabilities the modern value, or {@code null} / a non-object, which count as "none"
     * @return a new object, possibly empty
     */
    public static ObjectNode legacyCapabilities(JsonNode clientCapabilities) {
        ObjectNode legacy = NODES.objectNode();
        if (!(clientCapabilities instanceof ObjectNode declared)) {
            return legacy;
        }
        for (String name : SHARED_CLIENT_CAPABILITIES) {
            if (declared.get(name) instanceof ObjectNode value) {
                ObjectNode copy = value.deepCopy();
                if (name.equals(ROOTS)) {
                    copy.remove(LIST_CHANGED);
                }
                legacy.set(name, copy);
            }
        }
        return legacy;
    }

    /**
     * A canonical string for a capabilities object: compact JSON with the members of every object sorted by name,
     * so that equal sets of capabilities give equal strings whatever order the client wrote them in. Array order is
     * kept (it can be meaningful).
     *
     * @param caps the capabilities, or {@code null} (the same key as {@code {}})
     */
    public static String normalizedCapabilitiesKey(ObjectNode caps) {
        return caps == null ? "{}" : sorted(caps).toString();
    }

    private static JsonNode sorted(JsonNode node) {
        if (node.isObject()) {
            List<Map.Entry<String, JsonNode>> members = new ArrayList<>(node.properties());
            members.sort(Map.Entry.comparingByKey());
            ObjectNode out = NODES.objectNode();
            for (Map.Entry<String, JsonNode> member : members) {
                out.set(member.getKey(), sorted(member.getValue()));
            }
            return out;
        }
        if (node.isArray()) {
            ArrayNode out = NODES.arrayNode(node.size());
            for (JsonNode element : node) {
                out.add(sorted(element));
            }
            return out;
        }
        return node;
    }

    private static boolean hasText(ObjectNode node, String field) {
        JsonNode value = node.get(field);
        return value != null && value.isTextual();
    }
}
