package io.eragate.netty.cli;

import static io.eragate.netty.cli.AdminProbe.await;
import static io.eragate.netty.cli.AdminProbe.echo;
import static io.eragate.netty.cli.AdminProbe.get;
import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

import com.fasterxml.jackson.databind.JsonNode;
import com.sun.net.httpserver.HttpServer;
import io.eragate.netty.server.GatewayServer;
import io.eragate.netty.testing.ModernFixtureUpstream;
import io.eragate.netty.testing.NodePeers;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * Hot reload as an operator does it: the gateway runs from a file (as {@code eragate --config FILE} does), the file
 * is edited (or SIGHUP sent), and the change shows in traffic and at {@code /admin/reload}.
 */
class ReloadIT {
    private static final NodePeers PEERS = NodePeers.locate();
    private static ModernFixtureUpstream upstreamA;
    private static ModernFixtureUpstream upstreamB;

    @TempDir
    Path dir;

    @BeforeAll
    static void startUpstreams() {
        upstreamA = ModernFixtureUpstream.start();
        upstreamB = ModernFixtureUpstream.start();
    }

    @AfterAll
    static void stopUpstreams() {
        upstreamA.close();
        upstreamB.close();
    }

    @Test
    void anAddedRouteServesAndAnUnchangedStdioUpstreamKeepsItsProcess() throws Exception {
        Path file = write("eragate.yaml", config(false, true, ""));

        run(file, server -> {
            int admin = server.adminAddress().getPort();
            int port = server.listenAddress().getPort();
            await(() -> get(admin, "/readyz").status(), status -> status == 200, "readiness once the process runs");
            List<Long> pids = server.stdio().get("tool").orElseThrow().pids();
            assertThat(echo(port, "/b", "before").status()).isEqualTo(404);

            write("eragate.yaml", config(true, true, ""));
            JsonNode reload = awaitReload(admin, "applied");

            assertThat(reload.path("summary").asText()).isEqualTo("upstreams +b; routes");
            assertThat(reload.path("trigger").asText()).isEqualTo("file");
            AdminProbe.Answer viaB = echo(port, "/b", "after the reload");
            assertThat(viaB.status()).as(viaB.body()).isEqualTo(200);
            assertThat(viaB.body()).contains("after the reload");
            assertThat(upstreamB.requests()).isNotEmpty();
            assertThat(echo(port, "/a", "still here").status()).isEqualTo(200);
            assertThat(server.stdio().get("tool").orElseThrow().pids()).isEqualTo(pids);
            assertThat(echo(port, "/tool", "same process").body()).contains("same process");
        });
    }

    @Test
    void aRemovedUpstreamLetsItsCallInFlightFinishAndARemovedStdioUpstreamStops() throws Exception {
        Path file = write("eragate.yaml", config(true, true, ""));

        run(file, server -> {
            int admin = server.adminAddress().getPort();
            int port = server.listenAddress().getPort();
            await(() -> get(admin, "/readyz").status(), status -> status == 200, "readiness once the process runs");
            long pid = server.stdio().get("tool").orElseThrow().pids().get(0);
            upstreamB.clearRequests();
            CompletableFuture<AdminProbe.Answer> inFlight = CompletableFuture.supplyAsync(
                    () -> AdminProbe.slow(port, "/b", 3000));
            upstreamB.awaitRequest(request -> true, AdminProbe.PATIENCE);

            write("eragate.yaml", config(false, false, ""));
            JsonNode reload = awaitReload(admin, "applied");

            assertThat(reload.path("summary").asText()).isEqualTo("upstreams -b -tool; routes");
            assertThat(echo(port, "/b", "gone").status()).isEqualTo(404);
            AdminProbe.Answer finished = inFlight.join();
            assertThat(finished.status()).as(finished.body()).isEqualTo(200);
            assertThat(finished.body()).contains("Slow done after 3000 ms");
            await(() -> ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false), alive -> !alive,
                    "the removed stdio upstream's process to stop");
            assertThat(server.stdio().get("tool")).isEmpty();
            assertThat(get(admin, "/readyz").status()).isEqualTo(200);
        });
    }

    @Test
    void aBadFileIsRefusedWithTheProblemsOfValidateConfigAndTheRunningConfigStays() throws Exception {
        Path file = write("eragate.yaml", config(false, false, ""));
        String bad = config(true, false, "limits:\n  colour: blue\n").replace("upstream: b", "upstream: nope");

        run(file, server -> {
            int admin = server.adminAddress().getPort();
            int port = server.listenAddress().getPort();

            write("eragate.yaml", bad);
            JsonNode reload = awaitReload(admin, "refused");

            List<String> problems = strings(reload.path("problems"));
            assertThat(problems).isEqualTo(validateConfig(file)).anyMatch(p -> p.startsWith("routes[1].upstream:"))
                    .anyMatch(p -> p.startsWith("limits.colour: unknown key"));
            assertThat(echo(port, "/a", "still served").status()).isEqualTo(200);
            assertThat(echo(port, "/b", "never added").status()).isEqualTo(404);

            write("eragate.yaml", config(false, false, "").replace("listen: { host: 127.0.0.1, port: 0 }",
                    "listen: { host: 127.0.0.1, port: 1 }"));
            JsonNode restartOnly = await(() -> get(admin, "/admin/reload").json().path("lastReload"),
                    last -> last.path("problems").toString().contains("listen.port"), "a refused port change");
            assertThat(strings(restartOnly.path("problems")))
                    .containsExactly("listen.port: changes only on restart; the running configuration stays");
            assertThat(echo(port, "/a", "still served").status()).isEqualTo(200);
        });
    }

    @Test
    void sighupReloadsEvenWhenTheFileIsNotWatched() throws Exception {
        // A JVM started with SIGHUP ignored (Maven run under nohup) can never handle it; HangupIgnoredIT covers that.
        assumeFalse(HangupDisposition.ignoredHere(), "this JVM was started with SIGHUP ignored (nohup?)");
        Path file = write("eragate.yaml", config(false, false, "").replace("watch: true", "watch: false"));

        run(file, server -> {
            int admin = server.adminAddress().getPort();
            int port = server.listenAddress().getPort();
            write("eragate.yaml", config(true, false, "").replace("watch: true", "watch: false"));
            assertThat(get(admin, "/admin/reload").json().path("lastReload").isNull()).isTrue();

            Process kill = new ProcessBuilder("kill", "-HUP", Long.toString(ProcessHandle.current().pid())).start();
            assertThat(kill.waitFor()).isZero();
            JsonNode reload = awaitReload(admin, "applied");

            assertThat(reload.path("trigger").asText()).isEqualTo("signal");
            assertThat(echo(port, "/b", "after SIGHUP").status()).isEqualTo(200);
        });
    }

    @Test
    void aReloadKeepsAnUnchangedUpstreamsTokenAndStopsRenewingTheTokenOfAChangedOne() throws Exception {
        AtomicInteger issued = new AtomicInteger();
        HttpServer tokenEndpoint = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        tokenEndpoint.createContext("/token", exchange -> {
            byte[] body = ("{\"access_token\":\"tok-" + issued.incrementAndGet()
                    + "\",\"token_type\":\"Bearer\",\"expires_in\":3600}").getBytes(StandardCharsets.UTF_8);
            exchange.getResponseHeaders().set("Content-Type", "application/json");
            exchange.sendResponseHeaders(200, body.length);
            exchange.getResponseBody().write(body);
            exchange.close();
        });
        tokenEndpoint.start();
        String oauth = "oauth: { tokenUrl: \"http://127.0.0.1:" + tokenEndpoint.getAddress().getPort()
                + "/token\", clientId: gateway, clientSecret: s3cret%s }";
        String upstream = "  - { name: renewed, url: \"" + upstreamA.uri() + "\", era: modern, " + oauth + " }\n";
        String base = """
                listen: { host: 127.0.0.1, port: 0 }
                admin: { host: 127.0.0.1, port: 0 }
                upstreams:
                %sroutes:
                  - { path: /a, upstream: renewed }
                %sreload: { watch: true, debounce: 50ms }
                """;
        try {
            Path file = write("eragate.yaml", base.formatted(upstream.formatted(", scopes: [one]"), ""));
            run(file, server -> {
                int admin = server.adminAddress().getPort();
                int port = server.listenAddress().getPort();
                assertThat(bearerSeenUpstream(port)).isEqualTo("Bearer tok-1");

                // Another upstream and route arrive; this upstream's section is the same.
                write("eragate.yaml", base.formatted(upstream.formatted(", scopes: [one]") + "  - { name: b, url: \""
                        + upstreamB.uri() + "\", era: modern }\n", "  - { path: /b, upstream: b }\n"));
                assertThat(awaitReload(admin, "applied").path("summary").asText()).isEqualTo("upstreams +b; routes");
                assertThat(bearerSeenUpstream(port)).as("the token at hand, not a new one").isEqualTo("Bearer tok-1");
                assertThat(issued).as("tokens fetched").hasValue(1);
                assertThat(renewalThreads("renewed")).as("token renewals running").isEqualTo(1);

                // Its scopes change: a new token, and the old one's renewal stops.
                write("eragate.yaml", base.formatted(upstream.formatted(", scopes: [two]"), ""));
                JsonNode changed = await(() -> get(admin, "/admin/reload").json().path("lastReload"),
                        last -> last.path("summary").asText().contains("~renewed"), "the reload changing the upstream");
                assertThat(changed.path("result").asText()).isEqualTo("applied");
                assertThat(bearerSeenUpstream(port)).isEqualTo("Bearer tok-2");
                await(() -> renewalThreads("renewed"), running -> running == 1, "one token renewal for the upstream");
            });
        } finally {
            tokenEndpoint.stop(0);
        }
    }

    /** The Authorization field the upstream got with a call through {@code /a}. */
    private static String bearerSeenUpstream(int port) {
        upstreamA.clearRequests();
        AdminProbe.Answer answer = echo(port, "/a", "with the gateway's token");
        assertThat(answer.status()).as(answer.body()).isEqualTo(200);
        return upstreamA.requests().get(upstreamA.requests().size() - 1).headers().first("authorization")
                .orElse("none");
    }

    /** Live threads renewing {@code upstream}'s client-credentials token. */
    private static long renewalThreads(String upstream) {
        return Thread.getAllStackTraces().keySet().stream()
                .filter(thread -> thread.isAlive() && thread.getName().equals("eragate-oauth-" + upstream)).count();
    }

    private String config(boolean withB, boolean withTool, String extra) {
        StringBuilder yaml = new StringBuilder("""
                listen: { host: 127.0.0.1, port: 0 }
                admin: { host: 127.0.0.1, port: 0 }
                upstreams:
                  - { name: a, url: "%s", era: modern }
                """.formatted(upstreamA.uri()));
        if (withB) {
            yaml.append("  - { name: b, url: \"").append(upstreamB.uri()).append("\", era: modern }\n");
        }
        if (withTool) {
            yaml.append("  - { name: tool, era: modern, command: [\"").append(PEERS.nodeBinary()).append("\", \"")
                    .append(PEERS.interopDir().resolve("modern-stdio-server.mjs")).append("\"] }\n");
        }
        yaml.append("routes:\n  - { path: /a, upstream: a }\n");
        if (withB) {
            yaml.append("  - { path: /b, upstream: b }\n");
        }
        if (withTool) {
            yaml.append("  - { path: /tool, upstream: tool }\n");
        }
        return yaml.append("reload: { watch: true, debounce: 50ms }\n").append(extra).toString();
    }

    private Path write(String name, String yaml) throws IOException {
        Path file = dir.resolve(name);
        Path temporary = dir.resolve(name + ".tmp");
        Files.writeString(temporary, yaml, StandardCharsets.UTF_8);
        // Replaced by a rename, as editors and ConfigMaps do.
        return Files.move(temporary, file, java.nio.file.StandardCopyOption.REPLACE_EXISTING,
                java.nio.file.StandardCopyOption.ATOMIC_MOVE);
    }

    private static JsonNode awaitReload(int admin, String result) {
        return await(() -> get(admin, "/admin/reload").json().path("lastReload"),
                last -> result.equals(last.path("result").asText()), "a reload " + result);
    }

    private static List<String> strings(JsonNode array) {
        return Arrays.asList(JsonArrays.texts(array));
    }

    /** What {@code eragate validate-config FILE} prints, line by line. */
    private static List<String> validateConfig(Path file) {
        StringWriter out = new StringWriter();
        CommandLine commandLine = Main.commandLine();
        commandLine.setOut(new PrintWriter(out, true));
        assertThat(commandLine.execute("validate-config", file.toString())).isEqualTo(1);
        return out.toString().lines().toList();
    }

    /** Runs the gateway on {@code file} as the command line does, with {@code body} as its lifetime. */
    private static void run(Path file, ThrowingBody body) {
        AtomicReference<Throwable> failure = new AtomicReference<>();
        StringWriter err = new StringWriter();
        CommandLine commandLine = Main.commandLine(server -> {
            try {
                body.run(server);
            } catch (Throwable t) {
                failure.set(t);
            }
        });
        commandLine.setErr(new PrintWriter(err, true));
        int exit = commandLine.execute("--config", file.toString());
        if (failure.get() instanceof AssertionError assertion) {
            throw assertion;
        }
        if (failure.get() != null) {
            throw new AssertionError(failure.get());
        }
        assertThat(exit).as(err.toString()).isZero();
    }

    /** The test's part of a run. */
    @FunctionalInterface
    private interface ThrowingBody {
        void run(GatewayServer server) throws Exception;
    }

    /** Text elements of a JSON array. */
    private static final class JsonArrays {
        static String[] texts(JsonNode array) {
            String[] texts = new String[array.size()];
            for (int i = 0; i < texts.length; i++) {
                texts[i] = array.get(i).asText();
            }
            return texts;
        }
    }
}
