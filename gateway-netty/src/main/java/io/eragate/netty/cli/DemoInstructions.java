package io.eragate.netty.cli;

import io.eragate.netty.demo.DemoUpstream;
import java.io.PrintWriter;

/**
 * What {@code eragate demo} prints once both servers run: where they are, modern (2026-07-28) requests that the
 * gateway answers by bridging to the legacy demo server, and the same request failing when sent to that server
 * directly.
 */
final class DemoInstructions {
    private static final String HEADERS = " -H 'Content-Type: application/json'"
            + " -H 'Accept: application/json, text/event-stream' -H 'MCP-Protocol-Version: 2026-07-28'";
    private static final String ENVELOPE = "\"io.modelcontextprotocol/protocolVersion\":\"2026-07-28\","
            + "\"io.modelcontextprotocol/clientCapabilities\":{}";

    private DemoInstructions() {
    }

    static void print(PrintWriter out, int gatewayPort, int adminPort, DemoUpstream upstream) {
        String url = "http://127.0.0.1:" + gatewayPort + "/mcp";
        String admin = "http://127.0.0.1:" + adminPort;
        out.println("Eragate demo");
        out.println("  gateway:  " + url + "   (2026-07-28 clients)");
        out.println("  upstream: " + upstream.uri() + "   (" + upstream.description() + ")");
        out.println("  admin:    " + admin + "/healthz   eras: " + admin + "/admin/eras");
        out.println();
        out.println("Modern requests, answered by the legacy upstream through the bridge:");
        out.println(curl("-s", url, "tools/list", null, "1", "{\"_meta\":{" + ENVELOPE + "}}"));
        out.println(curl("-s", url, "tools/call", "echo", "2",
                "{\"name\":\"echo\",\"arguments\":{\"message\":\"hello\"},\"_meta\":{" + ENVELOPE + "}}"));
        out.println("  # streamed: progress and log messages, then the result");
        out.println(curl("-sN", url, "tools/call", "countdown", "3", "{\"name\":\"countdown\",\"arguments\":{\"n\":5},"
                + "\"_meta\":{" + ENVELOPE + ",\"io.modelcontextprotocol/logLevel\":\"info\","
                + "\"progressToken\":\"t3\"}}"));
        out.println();
        out.println("The same modern request sent straight to the upstream fails (400: it wants a session):");
        out.println(curl("-s", upstream.uri().toString(), "tools/list", null, "1", "{\"_meta\":{" + ENVELOPE + "}}"));
        out.println();
        out.println("Press Ctrl-C to stop.");
        out.flush();
    }

    /** One modern POST as a two-line curl command; {@code name} (may be null) goes into {@code Mcp-Name}. */
    private static String curl(String flags, String url, String method, String name, String id, String params) {
        String nameHeader = name == null ? "" : " -H 'Mcp-Name: " + name + "'";
        return "  curl " + flags + " " + url + HEADERS + " -H 'Mcp-Method: " + method + "'" + nameHeader + " \\\n"
                + "    -d '{\"jsonrpc\":\"2.0\",\"id\":" + id + ",\"method\":\"" + method + "\",\"params\":"
                + params + "}'";
    }
}
