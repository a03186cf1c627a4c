package io.eragate.core.listen;

import io.eragate.core.mcp.Methods;
import java.util.Objects;
import java.util.Set;

/** Which cached list results a {@code list_changed} notification makes stale. */
public final class ListCacheInvalidation {

    private static final Set<String> TOOLS = Set.of(Methods.TOOLS_LIST);
    private static final Set<String> PROMPTS = Set.of(Methods.PROMPTS_LIST);
    private static final Set<String> RESOURCES = Set.of(Methods.RESOURCES_LIST, Methods.RESOURCES_TEMPLATES_LIST);

    private ListCacheInvalidation() {
    }

    /**
     * The list methods whose cached results {@code notificationMethod} invalidates: tools → {@code tools/list},
     * prompts → {@code prompts/list}, resources → {@code resources/list} and {@code resources/templates/list}.
     * Empty for any other notification.
     */
    public static Set<String> invalidatedBy(String notificationMethod) {
        Objects.requireNonNull(notificationMethod, "notificationMethod");
        return switch (notificationMethod) {
            case Methods.NOTIFICATION_TOOLS_LIST_CHANGED -> TOOLS;
            case Methods.NOTIFICATION_PROMPTS_LIST_CHANGED -> PROMPTS;
            case Methods.NOTIFICATION_RESOURCES_LIST_CHANGED -> RESOURCES;
            default -> Set.of();
        };
    }
}
