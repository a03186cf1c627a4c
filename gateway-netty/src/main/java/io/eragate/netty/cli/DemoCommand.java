package io.eragate.netty.cli;

import io.eragate.core.config.AdminConfig;
import io.eragate.core.config.GatewayConfig;
import io.eragate.core.config.ListenConfig;
import io.eragate.core.config.RouteConfig;
import io.eragate.core.config.UpstreamConfig;
import io.eragate.netty.demo.DemoUpstream;
import java.io.PrintWriter;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code eragate demo}: an embedded legacy MCP server on a loopback port with the gateway bridging to it. */
@Command(name = "demo", mixinStandardHelpOptions = true,
        description = "Start an embedded legacy (2025-11-25) MCP server and the gateway in front of it, "
                + "and print what to try.")
final class DemoCommand implements Callable<Integer> {

    @Option(names = "--port", defaultValue = "8080", description = "Gateway port (default: ${DEFAULT-VALUE}).")
    private int port;

    @Option(names = "--admin-port", defaultValue = "9090", description = "Admin port (default: ${DEFAULT-VALUE}).")
    private int adminPort;

    @CommandLine.Spec
    private CommandLine.Model.CommandSpec spec;

    @CommandLine.ParentCommand
    private Main main;

    @Override
    public Integer call() throws Exception {
        DemoUpstream upstream = DemoUpstream.start();
        GatewayConfig config = GatewayConfig.defaults()
                .withListen(new ListenConfig("127.0.0.1", port))
                .withAdmin(new AdminConfig("127.0.0.1", adminPort))
                .withUpstreams(List.of(new UpstreamConfig("demo", upstream.uri(), upstream.era())))
                .withRoutes(List.of(new RouteConfig("/mcp", "demo")));
        PrintWriter out = spec.commandLine().getOut();
        try {
            return main.runUntilStopped(config, spec.commandLine().getErr(), server -> {
                int gatewayPort = server.listenAddress().getPort();
                DemoInstructions.print(out, gatewayPort, server.adminAddress().getPort(), upstream);
            });
        } finally {
            upstream.close();
        }
    }
}
