package io.eragate.core.listen;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.eragate.core.mcp.MetaKeys;
import io.eragate.core.mcp.Methods;
import java.util.Iterator;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * What one cached list result answers: the method and the page. Within one pooled session nothing else in a list
 * request changes the upstream's answer: the envelope in {@code _meta} is fixed per session (capabilities are part
 * of the session key) or only shapes what streams alongside (log level, progress token).
 *
 * @param method {@code tools/list}, {@code prompts/list}, {@code resources/list} or {@code resources/templates/list}
 * @param cursor the page's cursor, or {@code null} for the first page
 */
public record ListCacheKey(String method, String cursor) {

    /** The list methods whose results a session may cache. */
    public static final Set<String> METHODS = Set.of(Methods.TOOLS_LIST, Methods.PROMPTS_LIST,
            Methods.RESOURCES_LIST, Methods.RESOURCES_TEMPLATES_LIST);

    private static final String CURSOR = "cursor";

    public ListCacheKey {
        Objects.requireNonNull(method, "method");
        if (!METHODS.contains(method)) {
            throw new IllegalArgumentException("not a cacheable list method: " + method);
        }
    }

    /**
     * The key of a modern request, or empty when it must go upstream uncached: another method, a cursor that is no
     * string, or any parameter besides {@code cursor} and {@code _meta} (it might change the answer, and MRTR retries,
     * which carry {@code inputResponses} or {@code requestState}, must never be cached).
     *
     * @param params the request's params, or {@code null}
     */
    public static Optional<ListCacheKey> of(String method, ObjectNode params) {
        Objects.requireNonNull(method, "method");
        if (!METHODS.contains(method)) {
            return Optional.empty();
        }
        if (params == null) {
            return Optional.of(new ListCacheKey(method, null));
        }
        for (Iterator<String> names = params.fieldNames(); names.hasNext(); ) {
            String name = names.next();
            if (!CURSOR.equals(name) && !MetaKeys.META.equals(name)) {
                return Optional.empty();
            }
        }
        JsonNode cursor = params.get(CURSOR);
        if (cursor == null || cursor.isNull()) {
            return Optional.of(new ListCacheKey(method, null));
        }
        return cursor.isTextual() ? Optional.of(new ListCacheKey(method, cursor.textValue())) : Optional.empty();
    }
}
