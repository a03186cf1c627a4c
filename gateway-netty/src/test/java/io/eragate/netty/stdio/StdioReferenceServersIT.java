package io.eragate.netty.stdio;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.eragate.core.config.EraSetting;
import io.eragate.core.config.UpstreamConfig;
import io.eragate.netty.testing.NodePeers;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The stdio-only reference servers behind Eragate, used by the SDK v2 client pinned to 2026-07-28:
 * server-memory (writes its knowledge graph to the file it is given) and server-filesystem (asks its client for
 * roots with a server-to-client {@code roots/list}, which Eragate answers with none).
 */
class StdioReferenceServersIT {
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    static Path temp;
    private static Path shared;
    private static Path memoryFile;
    private static StdioGateway gateway;

    @BeforeAll
    static void start() throws Exception {
        shared = Files.createDirectories(temp.resolve("shared"));
        Files.writeString(shared.resolve("notes.txt"), "written by the test\n");
        memoryFile = temp.resolve("memory.jsonl");
        gateway = StdioGateway.start(
                UpstreamConfig.stdio("memory", StdioGateway.npmServer("@modelcontextprotocol/server-memory"),
                        EraSetting.AUTO).withEnv(Map.of("MEMORY_FILE_PATH", memoryFile.toString())),
                UpstreamConfig.stdio("files", StdioGateway.npmServer("@modelcontextprotocol/server-filesystem",
                        shared.toString()), EraSetting.LEGACY));
    }

    @AfterAll
    static void stop() {
        if (gateway != null) {
            gateway.close();
        }
    }

    @Test
    void memoryStoresEntitiesInItsFile() throws Exception {
        NodePeers.Result created = gateway.modernClient("memory", "create_entities", "{\"entities\":[{\"name\":"
                + "\"Eragate\",\"entityType\":\"gateway\",\"observations\":[\"bridges MCP eras\"]}]}");
        NodePeers.Result read = gateway.modernClient("memory", "read_graph", "{}");

        assertThat(created.succeeded()).as(created.stdout() + created.stderr()).isTrue();
        assertThat(read.succeeded()).as(read.stdout() + read.stderr()).isTrue();
        JsonNode graph = JSON.readTree(read.lastStdoutLine()).path("result");
        assertThat(graph.path("structuredContent").path("entities").get(0).path("name").asText())
                .isEqualTo("Eragate");
        assertThat(Files.readString(memoryFile)).contains("\"name\":\"Eragate\"", "bridges MCP eras");
    }

    @Test
    void filesystemReadsItsDirectoryAndIsToldThereAreNoRoots() throws Exception {
        NodePeers.Result result = gateway.modernClient("files", "read_text_file",
                "{\"path\":" + JSON.writeValueAsString(shared.resolve("notes.txt").toString()) + "}");

        assertThat(result.succeeded()).as(result.stdout() + result.stderr()).isTrue();
        JsonNode output = JSON.readTree(result.lastStdoutLine());
        assertThat(output.path("tools").toString()).contains("\"list_allowed_directories\"");
        assertThat(output.path("result").path("content").get(0).path("text").asText())
                .isEqualTo("written by the test\n");
        assertThat(gateway.upstream("files").awaitStderr("No valid root directories provided by client",
                Duration.ofSeconds(30))).as("its roots/list got an answer: no roots").isTrue();
    }
}
