package io.eragate.netty.cli;

import io.eragate.core.config.ConfigException;
import io.eragate.core.config.ConfigLoader;
import io.eragate.core.config.GatewayConfig;
import io.eragate.netty.server.GatewayServer;
import io.eragate.netty.server.ListenerBindException;
import io.eragate.netty.telemetry.LogFormat;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.Objects;
import java.util.concurrent.Callable;
import java.util.function.Consumer;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * The {@code eragate} command: runs the gateway on a config file, runs the embedded demo, or checks a config
 * file. Logs go to stderr; stdout carries only what the command itself prints.
 */
@Command(name = "eragate", mixinStandardHelpOptions = true, versionProvider = VersionProvider.class,
        description = "Dual-era MCP gateway: 2026-07-28 and 2025-11-25 clients and servers, in any combination.",
        subcommands = {DemoCommand.class, ValidateConfigCommand.class})
public final class Main implements Callable<Integer> {
    /** Exit code for a configuration that does not load or validate. */
    static final int EXIT_BAD_CONFIG = 2;
    /** Exit code for a listener that cannot bind (for example a port in use). */
    static final int EXIT_CANNOT_LISTEN = 3;
    /** Exit code for any other start-up failure. */
    static final int EXIT_CANNOT_START = 4;

    @Option(names = {"-c", "--config"}, paramLabel = "FILE", defaultValue = "conf/eragate.yaml",
            description = "Configuration file (default: ${DEFAULT-VALUE}).")
    private Path config;

    @CommandLine.Spec
    private CommandLine.Model.CommandSpec spec;

    private final Lifetime lifetime;

    private Main(Lifetime lifetime) {
        this.lifetime = lifetime;
    }

    /** Netty's leak-detection level property, read once when its first buffer class loads. */
    static final String LEAK_DETECTION_LEVEL = "io.netty.leakDetection.level";
    private static final String LEGACY_LEAK_DETECTION_LEVEL = "io.netty.leakDetectionLevel";

    /** Runs the command line and exits with its code. */
    public static void main(String[] args) {
        productionDefaults();
        System.exit(commandLine().execute(args));
    }

    /**
     * What the jar sets for itself before any Netty class loads, unless the user set it: leak detection off. Its
     * default sampling costs about 2 % of the CPU per request (docs/benchmarks.md), and every test JVM, the packaged
     * jar's included, runs it at paranoid instead, where a leak fails the build.
     */
    static void productionDefaults() {
        if (System.getProperty(LEAK_DETECTION_LEVEL) == null
                && System.getProperty(LEGACY_LEAK_DETECTION_LEVEL) == null) {
            System.setProperty(LEAK_DETECTION_LEVEL, "disabled");
        }
    }

    /** The configured command line, whose gateway runs until the JVM is asked to stop. */
    static CommandLine commandLine() {
        return commandLine(Lifetime.UNTIL_JVM_SHUTDOWN);
    }

    /** The command line with another lifetime for the gateway it starts, so that a test can end a run. */
    static CommandLine commandLine(Lifetime lifetime) {
        return new CommandLine(new Main(Objects.requireNonNull(lifetime, "lifetime")));
    }

    @Override
    public Integer call() throws InterruptedException {
        PrintWriter err = spec.commandLine().getErr();
        GatewayConfig loaded;
        try {
            loaded = ConfigLoader.load(config);
        } catch (ConfigException e) {
            err.println("eragate: invalid configuration " + config + ": " + String.join("; ", e.problems()));
            return EXIT_BAD_CONFIG;
        }
        LogFormat.apply(loaded.logging());
        ConfigReloader[] reloader = new ConfigReloader[1];
        try {
            return runUntilStopped(loaded, err,
                    server -> reloader[0] = ConfigReloader.start(config, server.operations(), loaded.reload()));
        } finally {
            if (reloader[0] != null) {
                reloader[0].close();
            }
        }
    }

    /**
     * Starts the gateway, runs {@code onStarted} (may be null) once it listens, and closes it when the lifetime
     * ends. A gateway that cannot start is one line on {@code err} and a non-zero exit code.
     */
    int runUntilStopped(GatewayConfig config, PrintWriter err, Consumer<GatewayServer> onStarted)
            throws InterruptedException {
        GatewayServer server;
        try {
            server = GatewayServer.start(config);
        } catch (InterruptedException e) {
            throw e;
        } catch (Exception e) {
            if (e instanceof ListenerBindException) {
                err.println("eragate: cannot listen: " + e.getMessage() + " (listen " + config.listen().host() + ":"
                        + config.listen().port() + ", admin " + config.admin().host() + ":" + config.admin().port()
                        + ")");
                return EXIT_CANNOT_LISTEN;
            }
            if (e instanceof IllegalArgumentException) {
                // A configuration the loader accepts but this build cannot serve.
                err.println("eragate: cannot start: " + e.getMessage());
                return EXIT_BAD_CONFIG;
            }
            err.println("eragate: cannot start: " + e);
            return EXIT_CANNOT_START;
        }
        try {
            if (onStarted != null) {
                onStarted.accept(server);
            }
            lifetime.await(server);
        } finally {
            server.close();
        }
        return 0;
    }
}
