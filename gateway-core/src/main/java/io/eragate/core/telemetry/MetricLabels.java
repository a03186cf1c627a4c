package io.eragate.core.telemetry;

import io.eragate.core.mcp.Era;
import io.eragate.core.mcp.Methods;
import java.util.Locale;
import java.util.Set;

/**
 * Label values that come from the protocol's own vocabulary, so that their number is fixed by the spec rather than
 * by traffic: method names from the MCP inventory, eras as {@code modern}/{@code legacy}.
 */
public final class MetricLabels {
    /** Every method name a metric may carry; anything else a client sends is {@link BoundedLabel#OTHER}. */
    private static final Set<String> KNOWN_METHODS = Set.of(Methods.SERVER_DISCOVER, Methods.INITIALIZE,
            Methods.PING, Methods.TOOLS_LIST, Methods.TOOLS_CALL, Methods.PROMPTS_LIST, Methods.PROMPTS_GET,
            Methods.RESOURCES_LIST, Methods.RESOURCES_TEMPLATES_LIST, Methods.RESOURCES_READ,
            Methods.RESOURCES_SUBSCRIBE, Methods.RESOURCES_UNSUBSCRIBE, Methods.COMPLETION_COMPLETE,
            Methods.SUBSCRIPTIONS_LISTEN, Methods.LOGGING_SET_LEVEL, Methods.NOTIFICATION_INITIALIZED,
            Methods.NOTIFICATION_CANCELLED, Methods.NOTIFICATION_PROGRESS, Methods.NOTIFICATION_MESSAGE,
            Methods.ELICITATION_CREATE, Methods.SAMPLING_CREATE_MESSAGE, Methods.ROOTS_LIST);
    /** Outcome classes a metric may carry; an unforeseen one is {@link BoundedLabel#OTHER}. */
    private static final int MAX_ERROR_TYPE_CHARS = 40;
    /** Each era's label by ordinal, computed once: the label is asked for twice per answered request. */
    private static final String[] ERA_LABELS = eraLabels();

    private MetricLabels() {
    }

    /** The method as a label: a method of the MCP inventory, {@code none} when absent, else {@code other}. */
    public static String method(String method) {
        if (method == null) {
            return BoundedLabel.NONE;
        }
        return KNOWN_METHODS.contains(method) ? method : BoundedLabel.OTHER;
    }

    /** The era as a label: {@code modern}, {@code legacy}, or {@code none} when it was never learned. */
    public static String era(Era era) {
        return era == null ? BoundedLabel.NONE : ERA_LABELS[era.ordinal()];
    }

    private static String[] eraLabels() {
        Era[] eras = Era.values();
        String[] labels = new String[eras.length];
        for (Era era : eras) {
            labels[era.ordinal()] = era.name().toLowerCase(Locale.ROOT);
        }
        return labels;
    }

    /**
     * The outcome class as a label ({@code none} on success). Outcome classes are constants chosen by the gateway;
     * anything that does not look like one (too long, not snake case) is {@code other}.
     */
    public static String errorType(String errorType) {
        if (errorType == null) {
            return BoundedLabel.NONE;
        }
        return errorType.length() <= MAX_ERROR_TYPE_CHARS && errorType.matches("[a-z0-9_]+") ? errorType
                : BoundedLabel.OTHER;
    }

    /** A configured name (route path, upstream name) as a label, {@code none} when absent. */
    public static String configured(String name) {
        return name == null ? BoundedLabel.NONE : name;
    }
}
