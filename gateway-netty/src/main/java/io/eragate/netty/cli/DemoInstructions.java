package io.eragate.netty.cli;

import io.eragate.netty.demo.DemoUpstream;
import java.io.PrintWriter;

/** What {@code eragate demo} prints once both servers run: where they are and requests to try. */
final class DemoInstructions {

    private DemoInstructions() {
    }

    static void print(PrintWriter out, int gatewayPort, int adminPort, DemoUpstream upstream) {
        String url = "http://127.0.0.1:" + gatewayPort + "/mcp";
        String headers = " -H 'Content-Type: application/json' -H 'Accept: application/json, text/event-stream'"
                + " -H 'MCP-Protocol-Version: 2026-07-28'";
        String envelope = "\"_meta\":{\"io.modelcontextprotocol/protocolVersion\":\"2026-07-28\","
                + "\"io.modelcontextprotocol/clientCapabilities\":{}}";
        out.println("Eragate demo");
        out.println("  gateway:  " + url + "   (admin: http://127.0.0.1:" + adminPort + "/healthz)");
        out.println("  upstream: " + upstream.uri() + "   (" + upstream.description() + ")");
        out.println();
        out.println("Try:");
        out.println("  curl -s " + url + headers + " -H 'Mcp-Method: tools/list' \\");
        out.println("    -d '{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/list\",\"params\":{" + envelope + "}}'");
        out.println("  curl -sN " + url + headers + " -H 'Mcp-Method: tools/call' -H 'Mcp-Name: echo' \\");
        out.println("    -d '{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"tools/call\",\"params\":{\"name\":\"echo\","
                + "\"arguments\":{\"message\":\"hello\"}," + envelope + "}}'");
        out.println("  curl -s " + url + headers + " -H 'Mcp-Method: tools/call' -H 'Mcp-Name: nope' \\");
        out.println("    -d '{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":\"tools/call\",\"params\":{\"name\":\"echo\","
                + "\"arguments\":{}," + envelope + "}}'   # header/body mismatch: 400 -32020");
        out.println();
        out.println("Press Ctrl-C to stop.");
        out.flush();
    }
}
