package io.eragate.core.jsonrpc;

/** JSON-RPC and MCP error codes used by Eragate. The final 2026-07-28 numbers; never the SEP-era ones. */
public final class JsonRpcErrorCodes {
    public static final int PARSE_ERROR = -32700;
    public static final int INVALID_REQUEST = -32600;
    public static final int METHOD_NOT_FOUND = -32601;
    public static final int INVALID_PARAMS = -32602;
    public static final int INTERNAL_ERROR = -32603;
    /** Implementation-defined server error; the TS SDK's catch-all for transport-level problems. */
    public static final int SERVER_ERROR = -32000;
    /** Legacy "resource not found" (2025-11-25); retired in 2026-07-28 in favour of -32602. */
    public static final int LEGACY_RESOURCE_NOT_FOUND = -32002;
    public static final int HEADER_MISMATCH = -32020;
    public static final int MISSING_REQUIRED_CLIENT_CAPABILITY = -32021;
    public static final int UNSUPPORTED_PROTOCOL_VERSION = -32022;
    /** Legacy URL elicitation required (2025-11-25 only). */
    public static final int LEGACY_URL_ELICITATION_REQUIRED = -32042;
    /** First and last code of the range the 2026-07-28 spec reserves for itself. */
    public static final int SPEC_RESERVED_FIRST = -32099;
    public static final int SPEC_RESERVED_LAST = -32020;

    private JsonRpcErrorCodes() {
    }

    /** Whether {@code code} lies in the range -32099..-32020 that only the spec may define. */
    public static boolean isSpecReserved(int code) {
        return code >= SPEC_RESERVED_FIRST && code <= SPEC_RESERVED_LAST;
    }
}
