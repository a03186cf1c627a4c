package io.eragate.core.bridge;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.eragate.core.mcp.ProtocolVersions;
import java.util.List;
import java.util.Objects;

/**
 * Answers {@code server/discover} for a legacy upstream from the {@code InitializeResult} of its pooled session; the
 * request itself is never sent upstream (a legacy server answers it -32601).
 */
public final class DiscoverSynthesizer {

    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;
    /**
     * Server capabilities that exist in 2026-07-28 and that Eragate can honour for a legacy upstream. The 2025 core
     * {@code tasks} is not among them (tasks became an extension and is not bridged).
     */
    private static final List<String> MODERN_SERVER_CAPABILITIES =
            List.of("experimental", "logging", "completions", "prompts", "resources", "tools");

    private final CacheHints hints;

    /** A synthesizer that uses {@link CacheHints#DEFAULT}. */
    public DiscoverSynthesizer() {
        this(CacheHints.DEFAULT);
    }

    public DiscoverSynthesizer(CacheHints hints) {
        this.hints = Objects.requireNonNull(hints, "hints");
    }

    /**
     * The {@code DiscoverResult}: {@code supportedVersions} are Eragate's modern versions (never the legacy one the
     * session negotiated), {@code capabilities} the upstream's minus what 2026-07-28 lacks, {@code instructions} when
     * the upstream gave some, {@code _meta.serverInfo} the upstream's, plus {@code resultType}, {@code ttlMs} and
     * {@code cacheScope}.
     *
     * @param initializeResult the upstream session's {@code InitializeResult}; never modified
     */
    public ObjectNode discoverResult(ObjectNode initializeResult) {
        Objects.requireNonNull(initializeResult, "initializeResult");
        ObjectNode result = NODES.objectNode();
        result.put(ResultStamper.RESULT_TYPE, ResultStamper.COMPLETE);
        ArrayNode versions = result.putArray("supportedVersions");
        ProtocolVersions.MODERN.forEach(versions::add);
        result.set("capabilities", modernServerCapabilities(initializeResult.get("capabilities")));
        JsonNode instructions = initializeResult.get("instructions");
        if (instructions != null && instructions.isTextual()) {
            result.set("instructions", instructions);
        }
        ResultStamper.addCacheHints(result, hints);
        ResultStamper.addServerInfo(result, ResultStamper.serverInfo(initializeResult));
        return result;
    }

    /**
     * The 2026-07-28 view of a legacy {@code ServerCapabilities}: the members both eras share, copied when they are
     * objects; {@code tasks} and anything unknown are dropped.
     *
     * @param legacyCapabilities the upstream's capabilities, or {@code null} / a non-object (no capabilities)
     */
    public static ObjectNode modernServerCapabilities(JsonNode legacyCapabilities) {
        ObjectNode modern = NODES.objectNode();
        if (!(legacyCapabilities instanceof ObjectNode declared)) {
            return modern;
        }
        for (String name : MODERN_SERVER_CAPABILITIES) {
            if (declared.get(name) instanceof ObjectNode value) {
                modern.set(name, value.deepCopy());
            }
        }
        return modern;
    }
}
