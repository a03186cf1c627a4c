package io.eragate.core.telemetry;

import io.eragate.core.mcp.Methods;

/**
 * Span names of the OpenTelemetry MCP semantic conventions: {@code {mcp.method.name} {target}}, where the target is
 * the tool of a {@code tools/call} or the prompt of a {@code prompts/get}, and the method alone otherwise (a resource
 * URI is left out: span names must stay few). Method and target are validated values, bounded as metric labels are.
 */
public final class SpanNames {

    private SpanNames() {
    }

    /**
     * The span name of a request.
     *
     * @param method the validated method, or {@code null} when the request was refused before validation
     * @param name the validated tool or prompt name, or {@code null}
     * @param fallback the name when there is no method (the HTTP method, as HTTP spans are named)
     */
    public static String of(String method, String name, String fallback) {
        if (method == null) {
            return fallback;
        }
        String bounded = MetricLabels.method(method);
        boolean hasTarget = Methods.TOOLS_CALL.equals(method) || Methods.PROMPTS_GET.equals(method);
        return hasTarget && name != null && !name.isEmpty() ? bounded + " " + name : bounded;
    }
}
