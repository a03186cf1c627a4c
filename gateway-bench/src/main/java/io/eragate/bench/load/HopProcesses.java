package io.eragate.bench.load;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The processes of the capacity and large-payload runs: fixture upstreams and Eragate JVMs on free loopback ports,
 * each with its log in the work directory, stopped in reverse order by {@link #close()}.
 */
final class HopProcesses implements AutoCloseable {
    private final TargetSettings settings;
    private final List<ChildProcess> processes = new ArrayList<>();
    private final Map<String, String> commands = new LinkedHashMap<>();

    HopProcesses(TargetSettings settings) {
        this.settings = settings;
        try {
            Files.createDirectories(settings.workDirectory());
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create " + settings.workDirectory(), e);
        }
    }

    /** The configuration text of an Eragate JVM, made once its ports are chosen. */
    @FunctionalInterface
    interface ConfigText {
        String render(int listenPort, int adminPort);
    }

    /** A started process and the port it listens on. */
    record Started(ChildProcess process, int port) {
    }

    /** Starts the {@code era} fixture ({@link FixtureMain#MODERN} or {@link FixtureMain#LEGACY}) as {@code name}. */
    Started fixture(String name, String era) throws InterruptedException {
        List<String> command = new ArrayList<>();
        command.add(settings.java());
        command.addAll(settings.fixtureJvmOptions());
        command.addAll(List.of("-cp", settings.benchClasspath(), FixtureMain.class.getName(),
                Integer.toString(settings.fixtureIoThreads()), era));
        ChildProcess process = track(name, command, ChildProcess.start(name, command,
                settings.workDirectory().resolve(name + ".log"), true));
        int port = Topology.readPort(process);
        process.awaitListening(port, Topology.START_TIMEOUT);
        return new Started(process, port);
    }

    /**
     * Starts an Eragate JVM as {@code name} on the configuration {@code yaml} makes of its listen and admin ports,
     * with {@code extraJvmOptions} after the run's own.
     */
    Started eragate(String name, ConfigText yaml, List<String> extraJvmOptions)
            throws InterruptedException {
        if (settings.eragateLaunch().isEmpty()) {
            throw new IllegalStateException("no Eragate jar or classpath was given");
        }
        int port = Topology.freePort();
        Path config = settings.workDirectory().resolve(name + ".yaml");
        try {
            Files.writeString(config, yaml.render(port, Topology.freePort()), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + config, e);
        }
        List<String> command = new ArrayList<>();
        command.add(settings.java());
        command.addAll(settings.jvmOptions());
        command.addAll(extraJvmOptions);
        command.addAll(settings.eragateLaunch());
        command.addAll(List.of("--config", config.toString()));
        ChildProcess process = track(name, command, ChildProcess.start(name, command,
                settings.workDirectory().resolve(name + ".log"), false));
        process.awaitListening(port, Topology.START_TIMEOUT);
        return new Started(process, port);
    }

    /** The command line of each started process, for the report. */
    Map<String, String> commands() {
        return commands;
    }

    private ChildProcess track(String name, List<String> command, ChildProcess process) {
        processes.add(process);
        commands.put(name, Topology.abbreviate(command));
        return process;
    }

    @Override
    public void close() {
        for (int i = processes.size() - 1; i >= 0; i--) {
            processes.get(i).close();
        }
        processes.clear();
    }
}
