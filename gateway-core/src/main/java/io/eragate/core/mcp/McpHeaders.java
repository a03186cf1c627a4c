package io.eragate.core.mcp;

/**
 * Names of the HTTP headers MCP defines. Header names compare case-insensitively; these are the canonical
 * spellings used when Eragate writes them.
 */
public final class McpHeaders {
    public static final String PROTOCOL_VERSION = "MCP-Protocol-Version";
    public static final String METHOD = "Mcp-Method";
    public static final String NAME = "Mcp-Name";
    /** Prefix of the per-argument headers declared with {@code x-mcp-header} in a tool's input schema. */
    public static final String PARAM_PREFIX = "Mcp-Param-";
    public static final String SESSION_ID = "Mcp-Session-Id";
    public static final String LAST_EVENT_ID = "Last-Event-ID";

    private McpHeaders() {
    }
}
