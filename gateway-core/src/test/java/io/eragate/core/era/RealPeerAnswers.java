package io.eragate.core.era;

/**
 * Answers real peers gave to a modern {@code server/discover} POST, verbatim, as recorded in
 * {@code reference/real-peers.md} (§3.4, §3.5, §4.3, §8).
 */
final class RealPeerAnswers {

    /** The modern probe body the peers were sent (real-peers §3.5). */
    static final String DISCOVER_PROBE = "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"server/discover\",\"params\":"
            + "{\"_meta\":{\"io.modelcontextprotocol/protocolVersion\":\"2026-07-28\","
            + "\"io.modelcontextprotocol/clientInfo\":{\"name\":\"curl\",\"version\":\"0\"},"
            + "\"io.modelcontextprotocol/clientCapabilities\":{}}}}";

    /** TS SDK v1 (server-everything 2026.8.31, sdk 1.32.2) over HTTP: 400, application/json (§3.5, §8). */
    static final String TS_V1_NOT_INITIALIZED =
            "{\"jsonrpc\":\"2.0\",\"error\":{\"code\":-32000,\"message\":\"Bad Request: Server not initialized\"},"
            + "\"id\":null}";

    /**
     * Java SDK 2.1.0 ({@code HttpServletStreamableServerTransportProvider} on Tomcat 11): 400,
     * {@code application/json;charset=UTF-8}, a serialized exception rather than JSON-RPC (§5.4, §8). real-peers.md
     * trims the 21 stack frames; this is the complete body, re-captured from the same server program (appendix A.5)
     * with the same probe on 2026-12-02, 4916 bytes.
     */
    static final String JAVA_SDK_SESSION_REQUIRED = """
            {"jsonRpcError":{"code":-32601,"message":"Session ID required in mcp-session-id header"},\
            "cause":null,"localizedMessage":"Session ID required in mcp-session-id header",\
            "message":"Session ID required in mcp-session-id header","stackTrace":[{"classLoaderName":"app",\
            "className":"io.modelcontextprotocol.spec.McpError$Builder","fileName":"McpError.java",\
            "lineNumber":81,"methodName":"build","moduleName":null,"moduleVersion":null,"nativeMethod":false},{\
            "classLoaderName":"app",\
            "className":"io.modelcontextprotocol.server.transport.HttpServletStreamableServerTransportProvider",\
            "fileName":"HttpServletStreamableServerTransportProvider.java","lineNumber":574,\
            "methodName":"doPost","moduleName":null,"moduleVersion":null,"nativeMethod":false},{\
            "classLoaderName":"app","className":"jakarta.servlet.http.HttpServlet",\
            "fileName":"HttpServlet.java","lineNumber":649,"methodName":"service","moduleName":null,\
            "moduleVersion":null,"nativeMethod":false},{\
            "classLoaderName":"app","className":"jakarta.servlet.http.HttpServlet",\
            "fileName":"HttpServlet.java","lineNumber":710,"methodName":"service","moduleName":null,\
            "moduleVersion":null,"nativeMethod":false},{\
            "classLoaderName":"app","className":"org.apache.catalina.core.ApplicationFilterChain",\
            "fileName":"ApplicationFilterChain.java","lineNumber":132,"methodName":"doFilter","moduleName":null,\
            "moduleVersion":null,"nativeMethod":false},{\
            "classLoaderName":"app","className":"org.apache.catalina.core.StandardWrapperValve",\
            "fileName":"StandardWrapperValve.java","lineNumber":164,"methodName":"invoke","moduleName":null,\
            "moduleVersion":null,"nativeMethod":false},{\
            "classLoaderName":"app","className":"org.apache.catalina.core.StandardContextValve",\
            "fileName":"StandardContextValve.java","lineNumber":77,"methodName":"invoke","moduleName":null,\
            "moduleVersion":null,"nativeMethod":false},{\
            "classLoaderName":"app","className":"org.apache.catalina.authenticator.AuthenticatorBase",\
            "fileName":"AuthenticatorBase.java","lineNumber":540,"methodName":"invoke","moduleName":null,\
            "moduleVersion":null,"nativeMethod":false},{\
            "classLoaderName":"app","className":"org.apache.catalina.core.StandardHostValve",\
            "fileName":"StandardHostValve.java","lineNumber":115,"methodName":"invoke","moduleName":null,\
            "moduleVersion":null,"nativeMethod":false},{\
            "classLoaderName":"app","className":"org.apache.catalina.valves.ErrorReportValve",\
            "fileName":"ErrorReportValve.java","lineNumber":86,"methodName":"invoke","moduleName":null,\
            "moduleVersion":null,"nativeMethod":false},{\
            "classLoaderName":"app","className":"org.apache.catalina.core.StandardEngineValve",\
            "fileName":"StandardEngineValve.java","lineNumber":71,"methodName":"invoke","moduleName":null,\
            "moduleVersion":null,"nativeMethod":false},{\
            "classLoaderName":"app","className":"org.apache.catalina.connector.CoyoteAdapter",\
            "fileName":"CoyoteAdapter.java","lineNumber":347,"methodName":"service","moduleName":null,\
            "moduleVersion":null,"nativeMethod":false},{\
            "classLoaderName":"app","className":"org.apache.coyote.http11.Http11Processor",\
            "fileName":"Http11Processor.java","lineNumber":411,"methodName":"service","moduleName":null,\
            "moduleVersion":null,"nativeMethod":false},{\
            "classLoaderName":"app","className":"org.apache.coyote.AbstractProcessorLight",\
            "fileName":"AbstractProcessorLight.java","lineNumber":71,"methodName":"process","moduleName":null,\
            "moduleVersion":null,"nativeMethod":false},{\
            "classLoaderName":"app","className":"org.apache.coyote.AbstractProtocol$ConnectionHandler",\
            "fileName":"AbstractProtocol.java","lineNumber":1308,"methodName":"process","moduleName":null,\
            "moduleVersion":null,"nativeMethod":false},{\
            "classLoaderName":"app","className":"org.apache.tomcat.util.net.NioEndpoint$SocketProcessor",\
            "fileName":"NioEndpoint.java","lineNumber":2202,"methodName":"doRun","moduleName":null,\
            "moduleVersion":null,"nativeMethod":false},{\
            "classLoaderName":"app","className":"org.apache.tomcat.util.net.SocketProcessorBase",\
            "fileName":"SocketProcessorBase.java","lineNumber":74,"methodName":"run","moduleName":null,\
            "moduleVersion":null,"nativeMethod":false},{\
            "classLoaderName":"app","className":"org.apache.tomcat.util.threads.ThreadPoolExecutor",\
            "fileName":"ThreadPoolExecutor.java","lineNumber":947,"methodName":"runWorker","moduleName":null,\
            "moduleVersion":null,"nativeMethod":false},{\
            "classLoaderName":"app","className":"org.apache.tomcat.util.threads.ThreadPoolExecutor$Worker",\
            "fileName":"ThreadPoolExecutor.java","lineNumber":481,"methodName":"run","moduleName":null,\
            "moduleVersion":null,"nativeMethod":false},{\
            "classLoaderName":"app","className":"org.apache.tomcat.util.threads.TaskThread$WrappingRunnable",\
            "fileName":"TaskThread.java","lineNumber":74,"methodName":"run","moduleName":null,\
            "moduleVersion":null,"nativeMethod":false},{\
            "classLoaderName":null,"className":"java.lang.Thread","fileName":"Thread.java","lineNumber":840,\
            "methodName":"run","moduleName":"java.base","moduleVersion":"17.0.15","nativeMethod":false}],\
            "suppressed":[]}""";

    /** TS SDK v1 HTTP, unknown or deleted session: 400, no id (§3.4). */
    static final String TS_V1_NO_VALID_SESSION = "{\"jsonrpc\":\"2.0\",\"error\":{\"code\":-32000,"
            + "\"message\":\"Bad Request: No valid session ID provided\"}}";

    /** TS SDK v1 HTTP, in-session request carrying {@code MCP-Protocol-Version: 2026-07-28}: 400 (§3.4). */
    static final String TS_V1_UNSUPPORTED_VERSION_HEADER = "{\"jsonrpc\":\"2.0\",\"error\":{\"code\":-32000,"
            + "\"message\":\"Bad Request: Unsupported protocol version: 2026-07-28 (supported versions: 2025-11-25, "
            + "2025-06-18, 2025-03-26, 2024-11-05, 2024-10-07)\"},\"id\":null}";

    /** TS SDK v1 HTTP, {@code Accept: application/json} only: 406 (§3.4). */
    static final String TS_V1_NOT_ACCEPTABLE = "{\"jsonrpc\":\"2.0\",\"error\":{\"code\":-32000,"
            + "\"message\":\"Not Acceptable: Client must accept both application/json and text/event-stream\"},"
            + "\"id\":null}";

    /**
     * TS SDK v1 HTTP, in-session {@code server/discover}: 200 SSE carrying -32601 (§3.4). The JSON line is verbatim;
     * the SSE framing (priming event, then {@code event: message} with an id) is server-everything's, as in §3.3.
     */
    static final String TS_V1_IN_SESSION_DISCOVER_SSE = "id: 56136a70-0000-4000-8000-000000000001\n"
            + "data: \n"
            + "\n"
            + "event: message\n"
            + "id: 075fe856-0000-4000-8000-000000000002\n"
            + "data: {\"jsonrpc\":\"2.0\",\"id\":5,\"error\":{\"code\":-32601,\"message\":\"Method not found\"}}\n"
            + "\n";

    /** TS SDK v1 over stdio, {@code server/discover} as the first message (§3.6, §8). */
    static final String TS_V1_STDIO_METHOD_NOT_FOUND =
            "{\"jsonrpc\":\"2.0\",\"id\":1,\"error\":{\"code\":-32601,\"message\":\"Method not found\"}}";

    /** TS SDK v2 reference server ({@code createMcpHandler}): 200, application/json (§4.3, §8). */
    static final String TS_V2_DISCOVER_RESULT = "{\"result\":{\"supportedVersions\":[\"2026-07-28\"],"
            + "\"capabilities\":{\"tools\":{\"listChanged\":true}},\"resultType\":\"complete\",\"ttlMs\":0,"
            + "\"cacheScope\":\"private\",\"_meta\":{\"io.modelcontextprotocol/serverInfo\":"
            + "{\"name\":\"sdkv2-reference\",\"version\":\"2.4.0\"}}},"
            + "\"jsonrpc\":\"2.0\",\"id\":\"server-discover-probe-1\"}";

    /**
     * TS SDK v2 with {@code legacy:'reject'}, answering a legacy {@code initialize}: 400 (§8). real-peers.md gives the
     * error object verbatim; the envelope around it is the SDK's usual one.
     */
    static final String TS_V2_REJECTS_LEGACY = "{\"jsonrpc\":\"2.0\",\"id\":1,\"error\":{\"code\":-32022,"
            + "\"message\":\"Unsupported protocol version: 2025-11-25\","
            + "\"data\":{\"supported\":[\"2026-07-28\"],\"requested\":\"2025-11-25\"}}}";

    /** TS SDK v2, probe at version 2027-01-01: 400 (§4.3; error object verbatim, envelope as above). */
    static final String TS_V2_UNSUPPORTED_2027 = "{\"jsonrpc\":\"2.0\",\"id\":1,\"error\":{\"code\":-32022,"
            + "\"message\":\"Unsupported protocol version: 2027-01-01\","
            + "\"data\":{\"supported\":[\"2026-07-28\"],\"requested\":\"2027-01-01\"}}}";

    /** TS SDK v2, unknown or removed method: 404 (§4.3). */
    static final String TS_V2_METHOD_NOT_FOUND =
            "{\"jsonrpc\":\"2.0\",\"id\":16,\"error\":{\"code\":-32601,\"message\":\"Method not found\"}}";

    /** TS SDK v2, header and body disagree: 400 -32020 (§4.3; the body value trimmed there is filled in). */
    static final String TS_V2_HEADER_MISMATCH = "{\"jsonrpc\":\"2.0\",\"error\":{\"code\":-32020,"
            + "\"message\":\"Bad Request: the request headers and body disagree: the body names method tools/list "
            + "but the Mcp-Method header names tools/call\",\"data\":{\"mismatch\":{\"header\":\"tools/call\","
            + "\"body\":\"tools/list\"}}},\"id\":11}";

    private RealPeerAnswers() {
    }
}
