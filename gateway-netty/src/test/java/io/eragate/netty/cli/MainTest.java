package io.eragate.netty.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.ConnectException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/** The command line as a user meets it: what each command prints on stdout and stderr, and its exit code. */
class MainTest {
    @TempDir
    Path dir;

    /** How one command line ended. */
    private record Run(int exitCode, String out, String err) {
    }

    private static Run run(String... args) {
        return run(new StringWriter(), server -> {
            throw new AssertionError("this run must not start a gateway");
        }, args);
    }

    private static Run run(StringWriter out, Lifetime lifetime, String... args) {
        StringWriter err = new StringWriter();
        CommandLine commandLine = Main.commandLine(lifetime);
        commandLine.setOut(new PrintWriter(out, true));
        commandLine.setErr(new PrintWriter(err, true));
        int exitCode = commandLine.execute(args);
        return new Run(exitCode, out.toString(), err.toString());
    }

    private Path file(String name, String yaml) throws IOException {
        return Files.writeString(dir.resolve(name), yaml, StandardCharsets.UTF_8);
    }

    private static String config(int listenPort, int adminPort, String upstreamUrl) {
        return "listen: { host: 127.0.0.1, port: " + listenPort + " }\n"
                + "admin: { host: 127.0.0.1, port: " + adminPort + " }\n"
                + "upstreams:\n"
                + "  - name: everything\n"
                + "    url: " + upstreamUrl + "\n"
                + "    era: modern\n"
                + "routes:\n"
                + "  - path: /mcp\n"
                + "    upstream: everything\n";
    }

    private static final String BROKEN = "listen: { host: 127.0.0.1, port: 8080 }\n"
            + "upstreams:\n"
            + "  - name: everything\n"
            + "    url: http://127.0.0.1:3001/mcp\n"
            + "routes:\n"
            + "  - path: /mcp\n"
            + "    upstream: x\n"
            + "limits:\n"
            + "  maxBodyBytes: 1B\n"
            + "  colour: blue\n";

    @Test
    void validateConfigPrintsOkForAGoodFile() throws IOException {
        Run run = run("validate-config", file("good.yaml", config(8080, 9090, "http://127.0.0.1:3001/mcp"))
                .toString());

        assertThat(run.exitCode()).isZero();
        assertThat(run.out()).isEqualTo("ok" + System.lineSeparator());
        assertThat(run.err()).isEmpty();
    }

    @Test
    void validateConfigPrintsEveryProblemWithItsKeyPathAndExits1() throws IOException {
        Run run = run("validate-config", file("broken.yaml", BROKEN).toString());

        assertThat(run.exitCode()).isEqualTo(1);
        assertThat(run.out().lines()).anyMatch(line -> line.startsWith("routes[0].upstream: ")
                && line.contains("unknown upstream \"x\""));
        assertThat(run.out().lines()).anyMatch(line -> line.startsWith("limits.maxBodyBytes: "));
        assertThat(run.out().lines()).anyMatch(line -> line.startsWith("limits.colour: "));
        assertThat(run.out()).doesNotContain("ok" + System.lineSeparator());
    }

    @Test
    void validateConfigNeverPrintsARejectedSecret() throws IOException {
        Run run = run("validate-config", file("secret.yaml", config(8080, 9090, "http://127.0.0.1:3001/mcp")
                + "security:\n  secrets: [shortsecret]\n").toString());

        assertThat(run.exitCode()).isEqualTo(1);
        assertThat(run.out()).contains("security.secrets[0]: must be at least 16 bytes").contains("not shown");
        assertThat(run.out() + run.err()).doesNotContain("shortsecret");
    }

    @Test
    void validateConfigNamesAMissingFile() {
        Path missing = dir.resolve("missing.yaml");

        Run run = run("validate-config", missing.toString());

        assertThat(run.exitCode()).isEqualTo(1);
        assertThat(run.out()).contains(missing.toString());
    }

    @Test
    void versionNamesTheBuildAndTheProtocolVersions() {
        Run run = run("--version");

        assertThat(run.exitCode()).isZero();
        assertThat(run.out()).startsWith("eragate ").contains("2026-07-28").contains("2025-11-25");
    }

    @Test
    void helpListsTheCommandsAndOptions() {
        Run run = run("--help");

        assertThat(run.exitCode()).isZero();
        assertThat(run.out()).contains("--config").contains("demo").contains("validate-config")
                .contains("--version");
    }

    @Test
    void runWithAnInvalidConfigExitsNonZeroWithOneLine() throws IOException {
        Run run = run("--config", file("broken.yaml", BROKEN).toString());

        assertThat(run.exitCode()).isNotZero();
        assertThat(run.err().lines()).hasSize(1);
        assertThat(run.err()).startsWith("eragate: ").contains("routes[0].upstream");
        assertThat(run.out()).isEmpty();
    }

    @Test
    void runWithAMissingConfigExitsNonZeroWithOneLine() {
        Path missing = dir.resolve("nope.yaml");

        Run run = run("--config", missing.toString());

        assertThat(run.exitCode()).isNotZero();
        assertThat(run.err().lines()).hasSize(1);
        assertThat(run.err()).contains(missing.toString());
    }

    @Test
    void runWithTheListenPortTakenExitsNonZeroWithOneLine() throws IOException {
        try (ServerSocket taken = new ServerSocket(0, 1, InetAddress.getByName("127.0.0.1"))) {
            int port = taken.getLocalPort();

            Run run = run("--config", file("taken.yaml", config(port, 0, "http://127.0.0.1:3001/mcp")).toString());

            assertThat(run.exitCode()).isNotZero();
            assertThat(run.err().lines()).as(run.err()).hasSize(1);
            assertThat(run.err()).startsWith("eragate: cannot listen").contains(String.valueOf(port));
        }
    }

    @Test
    void runWithTheAdminPortTakenExitsNonZeroWithOneLine() throws IOException {
        try (ServerSocket taken = new ServerSocket(0, 1, InetAddress.getByName("127.0.0.1"))) {
            int port = taken.getLocalPort();

            Run run = run("--config", file("taken.yaml", config(0, port, "http://127.0.0.1:3001/mcp")).toString());

            assertThat(run.exitCode()).isNotZero();
            assertThat(run.err().lines()).as(run.err()).hasSize(1);
            assertThat(run.err()).startsWith("eragate: cannot listen").contains(String.valueOf(port));
        }
    }

    @Test
    void runServesUntilItsLifetimeEndsAndThenStops() throws Exception {
        List<String> seen = new ArrayList<>();
        InetSocketAddress[] admin = new InetSocketAddress[1];

        Run run = run(new StringWriter(), server -> {
            admin[0] = server.adminAddress();
            seen.add(get(URI.create("http://127.0.0.1:" + admin[0].getPort() + "/healthz")));
            seen.add(get(URI.create("http://127.0.0.1:" + server.listenAddress().getPort() + "/mcp")));
        }, "--config", file("good.yaml", config(0, 0, "http://127.0.0.1:3001/mcp")).toString());

        assertThat(run.exitCode()).as(run.err()).isZero();
        assertThat(seen).containsExactly("200 {\"status\":\"ok\"}", "405");
        assertThatThrownBy(() -> new Socket(admin[0].getAddress(), admin[0].getPort()).close())
                .as("the admin listener is closed once the run ends").isInstanceOf(ConnectException.class);
    }

    @Test
    void demoPrintsRequestsThatWorkAgainstTheGatewayItStarted() throws Exception {
        StringWriter out = new StringWriter();
        List<String> outcomes = new ArrayList<>();

        Run run = run(out, server -> outcomes.addAll(tryPrintedRequests(out.toString(),
                server.listenAddress().getPort())), "demo", "--port", "0", "--admin-port", "0");

        assertThat(run.exitCode()).as(run.err()).isZero();
        List<String> throughGateway = outcomes.stream().filter(o -> !o.startsWith("not through the gateway")).toList();
        assertThat(throughGateway).hasSize(3).allMatch(outcome -> outcome.startsWith("as printed"));
        assertThat(throughGateway).anyMatch(outcome -> outcome.contains("Echo: hello"));
        assertThat(outcomes).as("the same request straight to the legacy upstream fails, as the demo says")
                .contains("not through the gateway 400");
    }

    private static final Pattern CURL = Pattern.compile("curl -sN? (\\S+)(.*?)-d '([^']*)'(.*)", Pattern.DOTALL);
    private static final Pattern HEADER = Pattern.compile("-H '([^:']+): ([^']*)'");

    /**
     * Sends every curl command the demo printed, as curl would, and says for each whether the gateway answered
     * as the printed comment promises (200, or the status the comment names).
     */
    private static List<String> tryPrintedRequests(String printed, int port) {
        List<String> outcomes = new ArrayList<>();
        String commands = printed.replace("\\\n", " ");
        for (String line : commands.lines().filter(l -> l.strip().startsWith("curl ")).toList()) {
            Matcher curl = CURL.matcher(line.strip());
            if (!curl.matches()) {
                outcomes.add("unreadable: " + line);
                continue;
            }
            URI url = URI.create(curl.group(1));
            HttpRequest.Builder request = HttpRequest.newBuilder(url).timeout(Duration.ofSeconds(5))
                    .POST(HttpRequest.BodyPublishers.ofString(curl.group(3)));
            Matcher header = HEADER.matcher(curl.group(2));
            while (header.find()) {
                request.header(header.group(1), header.group(2));
            }
            Matcher expected = Pattern.compile("# .*?([1-5][0-9][0-9])").matcher(curl.group(4));
            int expectedStatus = expected.find() ? Integer.parseInt(expected.group(1)) : 200;
            try {
                HttpResponse<String> response = HttpClient.newHttpClient().send(request.build(),
                        HttpResponse.BodyHandlers.ofString());
                if (url.getPort() != port) {
                    outcomes.add("not through the gateway " + response.statusCode());
                    continue;
                }
                boolean asPrinted = response.statusCode() == expectedStatus;
                outcomes.add((asPrinted ? "as printed " : "not as printed ") + response.statusCode() + " "
                        + response.body());
            } catch (IOException e) {
                outcomes.add("failed: " + e);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                outcomes.add("interrupted");
            }
        }
        return outcomes;
    }

    private static String get(URI uri) {
        try {
            HttpResponse<String> response = HttpClient.newHttpClient().send(HttpRequest.newBuilder(uri)
                    .timeout(Duration.ofSeconds(5)).GET().build(), HttpResponse.BodyHandlers.ofString());
            return response.statusCode() + (uri.getPath().equals("/healthz") ? " " + response.body() : "");
        } catch (IOException e) {
            return "failed: " + e;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return "interrupted";
        }
    }
}
