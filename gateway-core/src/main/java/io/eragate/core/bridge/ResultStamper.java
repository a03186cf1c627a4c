package io.eragate.core.bridge;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.eragate.core.mcp.MetaKeys;
import java.util.Objects;

/**
 * Turns a legacy upstream's result into one a 2026-07-28 client accepts: {@code resultType: "complete"},
 * {@code _meta["io.modelcontextprotocol/serverInfo"]} from the upstream's {@code InitializeResult}, and for cacheable
 * methods {@code ttlMs} and {@code cacheScope}. A member the upstream already set is never overwritten.
 */
public final class ResultStamper {

    static final String RESULT_TYPE = "resultType";
    static final String COMPLETE = "complete";
    static final String TTL_MS = "ttlMs";
    static final String CACHE_SCOPE = "cacheScope";

    private final CacheHints hints;

    /** A stamper that uses {@link CacheHints#DEFAULT}. */
    public ResultStamper() {
        this(CacheHints.DEFAULT);
    }

    public ResultStamper(CacheHints hints) {
        this.hints = Objects.requireNonNull(hints, "hints");
    }

    /**
     * The stamped copy of {@code legacyResult}; the input is never modified.
     *
     * @param method the method the result answers
     * @param legacyResult the upstream's {@code result} object
     * @param upstreamInitializeResult the upstream session's {@code InitializeResult}, whose {@code serverInfo} is
     *     reported; {@code null} (or one without {@code serverInfo}) leaves {@code serverInfo} out
     */
    public ObjectNode stamp(String method, ObjectNode legacyResult, ObjectNode upstreamInitializeResult) {
        Objects.requireNonNull(legacyResult, "legacyResult");
        return stampOwned(method, legacyResult.deepCopy(), upstreamInitializeResult);
    }

    /**
     * {@link #stamp}, done on {@code result} itself rather than on a copy: for a caller that owns the tree, such as
     * the bridge with the result it has just parsed from the upstream's answer, which no one else holds (a copy of
     * it was a quarter of the stamping's cost).
     *
     * @param result the upstream's {@code result} object, stamped in place
     * @return {@code result}
     */
    public ObjectNode stampOwned(String method, ObjectNode result, ObjectNode upstreamInitializeResult) {
        Objects.requireNonNull(method, "method");
        Objects.requireNonNull(result, "result");
        if (!result.has(RESULT_TYPE)) {
            result.put(RESULT_TYPE, COMPLETE);
        }
        addServerInfo(result, serverInfo(upstreamInitializeResult));
        boolean complete = COMPLETE.equals(result.get(RESULT_TYPE).textValue());
        if (complete && CacheHints.CACHEABLE_METHODS.contains(method)) {
            addCacheHints(result, hints);
        }
        return result;
    }

    /** The {@code serverInfo} object of an {@code InitializeResult}, or {@code null} when there is none. */
    static ObjectNode serverInfo(ObjectNode initializeResult) {
        if (initializeResult != null && initializeResult.get("serverInfo") instanceof ObjectNode info) {
            return info;
        }
        return null;
    }

    /** Puts {@code serverInfo} into {@code result._meta} unless it is there already or {@code _meta} is no object. */
    static void addServerInfo(ObjectNode result, ObjectNode serverInfo) {
        if (serverInfo == null) {
            return;
        }
        JsonNode meta = result.get(MetaKeys.META);
        if (meta == null) {
            meta = result.putObject(MetaKeys.META);
        }
        if (meta instanceof ObjectNode metaObject && !metaObject.has(MetaKeys.SERVER_INFO)) {
            metaObject.set(MetaKeys.SERVER_INFO, serverInfo.deepCopy());
        }
    }

    static void addCacheHints(ObjectNode result, CacheHints hints) {
        if (!result.has(TTL_MS)) {
            long ttl = hints.ttlMs();
            // The node kind a JSON parser would produce, so stamped trees compare equal to parsed ones.
            result.set(TTL_MS, ttl <= Integer.MAX_VALUE
                    ? JsonNodeFactory.instance.numberNode((int) ttl)
                    : JsonNodeFactory.instance.numberNode(ttl));
        }
        if (!result.has(CACHE_SCOPE)) {
            result.put(CACHE_SCOPE, hints.scope().wireValue());
        }
    }
}
