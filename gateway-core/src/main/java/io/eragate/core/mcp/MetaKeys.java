package io.eragate.core.mcp;

import java.util.Set;

/** Keys of {@code params._meta} and {@code result._meta} that the 2026-07-28 revision defines. */
public final class MetaKeys {
    public static final String META = "_meta";
    public static final String RESERVED_PREFIX = "io.modelcontextprotocol/";
    public static final String PROTOCOL_VERSION = "io.modelcontextprotocol/protocolVersion";
    public static final String CLIENT_CAPABILITIES = "io.modelcontextprotocol/clientCapabilities";
    public static final String CLIENT_INFO = "io.modelcontextprotocol/clientInfo";
    public static final String LOG_LEVEL = "io.modelcontextprotocol/logLevel";
    public static final String SERVER_INFO = "io.modelcontextprotocol/serverInfo";
    public static final String SUBSCRIPTION_ID = "io.modelcontextprotocol/subscriptionId";
    public static final String PROGRESS_TOKEN = "progressToken";

    /** Unprefixed keys that carry W3C trace context; they travel unchanged across eras. */
    public static final Set<String> TRACE_KEYS = Set.of("traceparent", "tracestate", "baggage");

    private MetaKeys() {
    }
}
