package io.eragate.netty.testing;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The packaged gateway ({@code gateway-netty/target/eragate.jar}) run as an operator runs it: its own JVM, a
 * configuration file, stdout discarded and stderr in a file. The file is read, never the pipe: a thread blocked on
 * the pipe can see "Stream closed" when the JDK drains it at the process's exit, which a draining gateway's last
 * lines make likely. {@link #close()} kills the process if the test has not ended it.
 */
public final class GatewayProcess implements AutoCloseable {
    private static final Pattern LISTENING = Pattern.compile("Eragate listening on /127\\.0\\.0\\.1:(\\d+)");

    private final Process process;
    private final Path stderr;

    private GatewayProcess(Process process, Path stderr) {
        this.process = process;
        this.stderr = stderr;
    }

    /**
     * Writes {@code yaml} to {@code dir}/eragate.yaml and starts the jar with it, with {@code jvmOptions} before
     * {@code -jar}; fails when the jar has not been packaged.
     */
    public static GatewayProcess start(Path dir, String yaml, String... jvmOptions) throws IOException {
        return startUnder(List.of(), dir, yaml, jvmOptions);
    }

    /** Like {@link #start}, run through {@code launcher} (for example {@code nohup}), which then runs java. */
    public static GatewayProcess startUnder(List<String> launcher, Path dir, String yaml, String... jvmOptions)
            throws IOException {
        Path jar = NodePeers.locate().interopDir().getParent().resolve("gateway-netty").resolve("target")
                .resolve("eragate.jar");
        assertThat(jar).as("the packaged gateway; run mvn verify (or package) first").isRegularFile();
        Path config = dir.resolve("eragate.yaml");
        Files.writeString(config, yaml);
        List<String> command = new ArrayList<>(launcher);
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.addAll(List.of(jvmOptions));
        command.addAll(List.of("-jar", jar.toString(), "--config", config.toString()));
        Path stderr = dir.resolve("stderr.log");
        Process process = new ProcessBuilder(command).redirectOutput(ProcessBuilder.Redirect.DISCARD)
                .redirectError(stderr.toFile()).start();
        return new GatewayProcess(process, stderr);
    }

    public Process process() {
        return process;
    }

    /**
     * The port of the MCP listener, once a complete line of stderr says it listens (as text, or as JSON, where a
     * slash may be escaped); fails after {@code wait}.
     */
    public int awaitPort(Duration wait) {
        return Await.value("the gateway listens", wait, () -> completeLines().stream()
                .map(line -> LISTENING.matcher(line.replace("\\/", "/")))
                .filter(Matcher::find).map(listening -> Integer.parseInt(listening.group(1))).findFirst(),
                () -> process.isAlive() ? stderrText() : "it exited: " + stderrText());
    }

    /** Everything written to stderr so far. */
    public String stderrText() {
        try {
            return Files.exists(stderr) ? Files.readString(stderr, StandardCharsets.UTF_8) : "";
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The lines of stderr written so far, without a last line still being written. */
    public List<String> completeLines() {
        String text = stderrText();
        int end = text.lastIndexOf('\n');
        return end < 0 ? List.of() : List.of(text.substring(0, end).split("\n", -1));
    }

    @Override
    public void close() {
        process.destroyForcibly();
    }
}
