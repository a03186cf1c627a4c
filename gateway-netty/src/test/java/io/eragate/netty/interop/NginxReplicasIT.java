package io.eragate.netty.interop;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.eragate.core.config.EraSetting;
import io.eragate.netty.testing.Await;
import io.eragate.netty.testing.NodePeers;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The nginx configuration of docs/replicas.md, as written there (only the two server addresses and the listen port
 * replaced), run by Debian's nginx in front of two gateways (two {@code GatewayServer} instances in this JVM with the
 * same {@code security.secrets}) and one real server-everything: a 2024-11-05 client (SDK v1
 * {@code SSEClientTransport}) and a 2025-11-25 client (SDK v1 {@code StreamableHTTPClientTransport}: initialize,
 * GET stream, a call with progress, DELETE) both work through it. The same configuration without its affinity
 * ({@code hash} lines removed: round-robin) breaks the 2024-11-05 client, whose POSTs then reach the replica that
 * does not hold its stream.
 */
class NginxReplicasIT {
    private static final Duration CLIENT_TIMEOUT = Duration.ofSeconds(90);
    private static final Duration NGINX_START = Duration.ofSeconds(30);
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final NodePeers PEERS = NodePeers.locate();
    private static final Pattern SNIPPET = Pattern.compile("```nginx\n(.*?)```", Pattern.DOTALL);

    private static NodePeers.Server everything;
    private static InteropGateway first;
    private static InteropGateway second;
    private Process nginx;

    @TempDir
    Path directory;

    @BeforeAll
    static void startServerEverythingAndTwoGateways() {
        everything = PEERS.startServer("everything-server.mjs", "0");
        first = InteropGateway.start(Map.of("everything", everything.mcpUrl()), EraSetting.LEGACY);
        second = InteropGateway.start(Map.of("everything", everything.mcpUrl()), EraSetting.LEGACY);
    }

    @AfterAll
    static void stopAll() {
        for (AutoCloseable closeable : new AutoCloseable[] {first, second, everything}) {
            try {
                if (closeable != null) {
                    closeable.close();
                }
            } catch (Exception e) {
                // Closing the others matters more.
            }
        }
    }

    @AfterEach
    void stopNginx() throws InterruptedException {
        if (nginx != null) {
            nginx.destroy();
            if (!nginx.waitFor(10, TimeUnit.SECONDS)) {
                nginx.destroyForcibly().waitFor();
            }
        }
    }

    @Test
    void anOldClientAndAStreamableHttpClientWorkThroughTheDocumentedConfiguration() throws Exception {
        int port = startNginx(documentedSnippet());

        JsonNode sse = client("sse-client.mjs", "sdk", "http://127.0.0.1:" + port + "/everything/sse", "echo",
                "{\"message\":\"through nginx\"}");
        assertThat(sse.at("/result/content/0/text").asText()).isEqualTo("Echo: through nginx");

        JsonNode streamable = client("legacy-client.mjs", "http://127.0.0.1:" + port + "/everything",
                "trigger-long-running-operation", "{\"duration\":0.3,\"steps\":3}");
        assertThat(streamable.path("progressCount").asInt()).as(streamable.toString()).isEqualTo(3);
        assertThat(streamable.path("terminated").asBoolean()).as(streamable.toString()).isTrue();
    }

    @Test
    void withoutTheAffinityAnOldClientsPostsMissItsStream() throws Exception {
        String roundRobin = documentedSnippet().replaceAll("(?m)^\\s*hash .*\n", "");
        assertThat(roundRobin).doesNotContainPattern("(?m)^\\s*hash ").contains("upstream eragate_sse {");
        int port = startNginx(roundRobin);

        NodePeers.Result run = PEERS.run(CLIENT_TIMEOUT, "sse-client.mjs", "sdk",
                "http://127.0.0.1:" + port + "/everything/sse", "echo", "{\"message\":\"lost\"}");

        assertThat(run.exitCode()).as("%s%n%s", run.stdout(), run.stderr()).isNotZero();
        assertThat(run.lastStdoutLine()).contains("404");
    }

    private JsonNode client(String script, String... args) throws IOException {
        NodePeers.Result run = PEERS.run(CLIENT_TIMEOUT, script, args);
        assertThat(run.exitCode()).as("%s%n%s%n%s", run.stdout(), run.stderr(), nginxErrors()).isZero();
        return JSON.readTree(run.lastStdoutLine());
    }

    /** The nginx block of docs/replicas.md. */
    private static String documentedSnippet() throws IOException {
        Path doc = Path.of("..", "docs", "replicas.md");
        Matcher matcher = SNIPPET.matcher(Files.readString(doc));
        assertThat(matcher.find()).as("docs/replicas.md has an nginx block").isTrue();
        return matcher.group(1);
    }

    /** Runs nginx with {@code snippet} (its addresses replaced by the gateways') in its http block; its port. */
    private int startNginx(String snippet) throws IOException {
        int port;
        try (ServerSocket free = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            port = free.getLocalPort();
        }
        String http = snippet
                .replace("10.0.0.1:8080", "127.0.0.1:" + portOf(first))
                .replace("10.0.0.2:8080", "127.0.0.1:" + portOf(second))
                .replace("listen 80;", "listen 127.0.0.1:" + port + ";");
        assertThat(http).doesNotContain("10.0.0.", "listen 80;");
        String dir = directory.toAbsolutePath().toString();
        String config = """
                daemon off;
                master_process off;
                pid %1$s/nginx.pid;
                error_log %1$s/error.log info;
                events { worker_connections 256; }
                http {
                    access_log off;
                    client_body_temp_path %1$s/body;
                    proxy_temp_path %1$s/proxy;
                    fastcgi_temp_path %1$s/fastcgi;
                    uwsgi_temp_path %1$s/uwsgi;
                    scgi_temp_path %1$s/scgi;
                %2$s
                }
                """.formatted(dir, http);
        Path file = directory.resolve("nginx.conf");
        Files.writeString(file, config);
        nginx = new ProcessBuilder(nginxBinary(), "-p", dir, "-e", dir + "/error.log", "-c", file.toString())
                .redirectErrorStream(true).redirectOutput(directory.resolve("stdout.log").toFile()).start();
        Await.until("nginx listening on port " + port, NGINX_START, () -> {
            assertThat(nginx.isAlive()).as("nginx exited: %s", nginxErrors()).isTrue();
            return accepts(port);
        }, () -> "");
        return port;
    }

    private static int portOf(InteropGateway gateway) {
        return Integer.parseInt(gateway.base().substring(gateway.base().lastIndexOf(':') + 1));
    }

    private static boolean accepts(int port) {
        try (Socket socket = new Socket(InetAddress.getLoopbackAddress(), port)) {
            return true;
        } catch (IOException e) {
            return false;
        }
    }

    private String nginxErrors() {
        try {
            Path log = directory.resolve("error.log");
            return Files.exists(log) ? Files.readString(log) : "(no error.log)";
        } catch (IOException e) {
            return e.toString();
        }
    }

    /** Debian's nginx (.ci/run installs nginx-light); the test fails, never skips, without it. */
    private static String nginxBinary() {
        Optional<Path> found = List.of(Path.of("/usr/sbin/nginx"), Path.of("/usr/bin/nginx")).stream()
                .filter(Files::isExecutable).findFirst();
        assertThat(found).as("nginx is installed (apt-get install nginx-light; .ci/run does)").isPresent();
        return found.get().toString();
    }
}
