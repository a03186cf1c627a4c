package io.eragate.netty.cli;

import io.eragate.core.config.ConfigException;
import io.eragate.core.config.ConfigLoader;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

/** {@code eragate validate-config FILE}: prints {@code ok}, or every problem with its key path and exits 1. */
@Command(name = "validate-config", mixinStandardHelpOptions = true,
        description = "Check a configuration file; print 'ok' or every problem with its key path.")
final class ValidateConfigCommand implements Callable<Integer> {

    @Parameters(index = "0", paramLabel = "FILE", description = "The configuration file to check.")
    private Path file;

    @CommandLine.Spec
    private CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() {
        try {
            ConfigLoader.load(file);
        } catch (ConfigException e) {
            for (String problem : e.problems()) {
                spec.commandLine().getOut().println(problem);
            }
            spec.commandLine().getOut().flush();
            return 1;
        }
        spec.commandLine().getOut().println("ok");
        spec.commandLine().getOut().flush();
        return 0;
    }
}
