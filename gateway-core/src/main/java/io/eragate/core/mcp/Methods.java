package io.eragate.core.mcp;

import java.util.Set;

/** MCP method names and the inventories of each era. */
public final class Methods {
    public static final String SERVER_DISCOVER = "server/discover";
    public static final String INITIALIZE = "initialize";
    public static final String PING = "ping";
    public static final String TOOLS_LIST = "tools/list";
    public static final String TOOLS_CALL = "tools/call";
    public static final String PROMPTS_LIST = "prompts/list";
    public static final String PROMPTS_GET = "prompts/get";
    public static final String RESOURCES_LIST = "resources/list";
    public static final String RESOURCES_TEMPLATES_LIST = "resources/templates/list";
    public static final String RESOURCES_READ = "resources/read";
    public static final String RESOURCES_SUBSCRIBE = "resources/subscribe";
    public static final String RESOURCES_UNSUBSCRIBE = "resources/unsubscribe";
    public static final String COMPLETION_COMPLETE = "completion/complete";
    public static final String SUBSCRIPTIONS_LISTEN = "subscriptions/listen";
    public static final String LOGGING_SET_LEVEL = "logging/setLevel";

    public static final String NOTIFICATION_INITIALIZED = "notifications/initialized";
    public static final String NOTIFICATION_CANCELLED = "notifications/cancelled";
    public static final String NOTIFICATION_PROGRESS = "notifications/progress";
    public static final String NOTIFICATION_MESSAGE = "notifications/message";
    public static final String NOTIFICATION_SUBSCRIPTIONS_ACKNOWLEDGED = "notifications/subscriptions/acknowledged";
    public static final String NOTIFICATION_TOOLS_LIST_CHANGED = "notifications/tools/list_changed";
    public static final String NOTIFICATION_PROMPTS_LIST_CHANGED = "notifications/prompts/list_changed";
    public static final String NOTIFICATION_RESOURCES_LIST_CHANGED = "notifications/resources/list_changed";
    public static final String NOTIFICATION_RESOURCES_UPDATED = "notifications/resources/updated";

    public static final String ELICITATION_CREATE = "elicitation/create";
    public static final String SAMPLING_CREATE_MESSAGE = "sampling/createMessage";
    public static final String ROOTS_LIST = "roots/list";

    /** Client-to-server requests of the 2026-07-28 revision. */
    public static final Set<String> MODERN_CLIENT_REQUESTS = Set.of(
            SERVER_DISCOVER, TOOLS_LIST, TOOLS_CALL, PROMPTS_LIST, PROMPTS_GET, RESOURCES_LIST,
            RESOURCES_TEMPLATES_LIST, RESOURCES_READ, COMPLETION_COMPLETE, SUBSCRIPTIONS_LISTEN);

    /** Requests that 2026-07-28 removed; a modern front answers them 404/-32601. */
    public static final Set<String> REMOVED_IN_MODERN = Set.of(
            INITIALIZE, PING, LOGGING_SET_LEVEL, RESOURCES_SUBSCRIBE, RESOURCES_UNSUBSCRIBE);

    /** The only methods that may answer with {@code resultType: "input_required"}. */
    public static final Set<String> MAY_REQUIRE_INPUT = Set.of(TOOLS_CALL, PROMPTS_GET, RESOURCES_READ);

    private Methods() {
    }

    /**
     * The params field whose value {@code Mcp-Name} mirrors for {@code method}, or {@code null} when the method
     * carries no name header.
     */
    public static String nameField(String method) {
        return switch (method) {
            case TOOLS_CALL, PROMPTS_GET -> "name";
            case RESOURCES_READ -> "uri";
            default -> null;
        };
    }
}
