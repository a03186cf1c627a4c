package io.eragate.core.route;

import io.eragate.core.mcp.Methods;
import java.util.Objects;

/**
 * What routing looks at in a request: its validated method, the name it carries and what kind of name that is.
 *
 * @param method the JSON-RPC method
 * @param name the validated name ({@code params.name}, {@code params.uri}, or a completion's reference), or null
 * @param kind what the name names
 */
public record RoutingKey(String method, String name, NameKind kind) {

    private static final String PROMPT_REF = "ref/prompt";
    private static final String RESOURCE_REF = "ref/resource";

    public RoutingKey {
        Objects.requireNonNull(method, "method");
        Objects.requireNonNull(kind, "kind");
    }

    /** The key of a request whose name (if any) is the one {@code Mcp-Name} mirrors. */
    public static RoutingKey of(String method, String name) {
        return new RoutingKey(method, name, name == null ? NameKind.NONE : NameKind.of(method));
    }

    /**
     * The key of a {@code completion/complete} request: its reference names a prompt ({@code ref/prompt}) or a
     * resource template ({@code ref/resource}); anything else carries no name routing can use.
     */
    public static RoutingKey completion(String refType, String refName) {
        NameKind kind = PROMPT_REF.equals(refType) ? NameKind.PROMPT
                : RESOURCE_REF.equals(refType) ? NameKind.RESOURCE : NameKind.NONE;
        return new RoutingKey(Methods.COMPLETION_COMPLETE, kind == NameKind.NONE ? null : refName, kind);
    }
}
