package io.eragate.core.route;

import io.eragate.core.mcp.Methods;

/** What kind of name a request carries, which decides which part of a catalogue owns it. */
public enum NameKind {
    TOOL, PROMPT, RESOURCE, NONE;

    /** The kind of name a request of {@code method} carries (for {@code completion/complete}, its reference's). */
    public static NameKind of(String method) {
        return switch (method) {
            case Methods.TOOLS_CALL -> TOOL;
            case Methods.PROMPTS_GET -> PROMPT;
            case Methods.RESOURCES_READ -> RESOURCE;
            default -> NONE;
        };
    }
}
