package io.eragate.netty.testing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.OptionalInt;
import java.util.concurrent.CountDownLatch;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class NodePeersTest {
    @TempDir
    Path temp;

    @Test
    void repoRootComesFromThePropertyWhenItNamesARepository() throws IOException {
        Path root = repositoryAt(temp.resolve("repo"));

        assertThat(NodePeers.findRepoRoot(root.toString(), temp)).isEqualTo(root);
    }

    @Test
    void aPropertyNamingSomethingElseIsRejectedRatherThanIgnored() throws IOException {
        repositoryAt(temp.resolve("repo"));
        Path elsewhere = Files.createDirectories(temp.resolve("elsewhere"));

        assertThatThrownBy(() -> NodePeers.findRepoRoot(elsewhere.toString(), temp.resolve("repo")))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining(NodePeers.REPO_ROOT_PROPERTY)
                .hasMessageContaining("without interop/package.json");
    }

    @Test
    void withoutThePropertyTheNearestParentWithInteropIsTheRoot() throws IOException {
        Path root = repositoryAt(temp.resolve("repo"));
        Path moduleDir = Files.createDirectories(root.resolve("gateway-netty").resolve("target"));

        assertThat(NodePeers.findRepoRoot(null, moduleDir)).isEqualTo(root);
        assertThat(NodePeers.findRepoRoot(" ", moduleDir)).isEqualTo(root);
    }

    @Test
    void outsideAnyRepositoryTheErrorSaysHowToPointAtOne() throws IOException {
        Path stray = Files.createDirectories(temp.resolve("stray").resolve("dir"));

        assertThatThrownBy(() -> NodePeers.findRepoRoot(null, stray))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("-D" + NodePeers.REPO_ROOT_PROPERTY);
    }

    @Test
    void withoutNodeModulesTheErrorSaysToRunNpmCi() throws IOException {
        Path root = repositoryAt(temp.resolve("repo"));

        assertThatThrownBy(() -> NodePeers.at(root))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("run npm ci in interop/");
    }

    @Test
    void aHalfInstalledNodeModulesWithoutNodeAlsoSaysToRunNpmCi() throws IOException {
        Path root = repositoryAt(temp.resolve("repo"));
        Files.createDirectories(root.resolve("interop").resolve("node_modules"));

        assertThatThrownBy(() -> NodePeers.at(root))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("run npm ci in interop/");
    }

    @Test
    void scriptsMustExistInsideInterop() throws IOException {
        Path root = installedRepositoryAt(temp.resolve("repo"));
        Files.writeString(root.resolve("outside.mjs"), "");
        NodePeers peers = NodePeers.at(root);

        assertThatThrownBy(() -> peers.startServer("missing.mjs"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("No script missing.mjs");
        assertThatThrownBy(() -> peers.run(Duration.ofSeconds(1), "../outside.mjs"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("No script ../outside.mjs");
    }

    @ParameterizedTest(name = "[{index}] \"{0}\" -> {1}")
    @CsvSource(delimiter = '|', nullValues = "none", value = {
        "READY 4242        | 4242",
        "READY 1           | 1",
        "READY 65535       | 65535",
        "READY 65536       | none",
        "READY 0           | none",
        "READY 080         | none",
        "READY             | none",
        "READY 12 extra    | none",
        "ready 4242        | none",
        "listening on 4242 | none",
    })
    void onlyAWholeReadyLineWithAValidPortCounts(String line, Integer expectedPort) {
        OptionalInt port = NodePeers.parseReadyPort(line.strip());

        if (expectedPort == null) {
            assertThat(port).isEmpty();
        } else {
            assertThat(port).hasValue(expectedPort);
        }
    }

    @Test
    void readyLineWithSurroundingSpaceIsNotReady() {
        assertThat(NodePeers.parseReadyPort(" READY 4242")).isEmpty();
        assertThat(NodePeers.parseReadyPort("READY 4242 ")).isEmpty();
    }

    @Test
    void boundedLogKeepsTheMostRecentTextAndSaysWhenItDroppedSome() {
        NodePeers.BoundedLog log = new NodePeers.BoundedLog(10);

        log.appendLine("1234");
        assertThat(log.text()).isEqualTo("1234\n");

        log.appendLine("abcdefgh");
        assertThat(log.text()).isEqualTo(NodePeers.BoundedLog.DROPPED_MARKER + "\nabcdefgh\n");
    }

    @Test
    void boundedLogRejectsANonPositiveLimit() {
        assertThatThrownBy(() -> new NodePeers.BoundedLog(0)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void awaitingTextReturnsOnceAnotherThreadWritesIt() throws InterruptedException {
        NodePeers.BoundedLog log = new NodePeers.BoundedLog(1024);
        CountDownLatch waiting = new CountDownLatch(1);
        Thread writer = new Thread(() -> {
            try {
                waiting.await();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            log.appendLine("noise");
            log.appendLine("CANCELLED slow after 12 ms");
        });
        writer.start();
        waiting.countDown();

        assertThat(log.awaitContains("CANCELLED slow", Duration.ofSeconds(30))).isTrue();
        writer.join();
    }

    @Test
    void awaitingTextThatNeverComesGivesUp() {
        NodePeers.BoundedLog log = new NodePeers.BoundedLog(1024);
        log.appendLine("something else");

        assertThat(log.awaitContains("CANCELLED", Duration.ofMillis(20))).isFalse();
    }

    @Test
    void resultExposesTheLastStdoutLineWhereClientsPrintTheirJson() {
        NodePeers.Result result = new NodePeers.Result(0, "warming up\n{\"ok\":true}\n\n", "");

        assertThat(result.succeeded()).isTrue();
        assertThat(result.lastStdoutLine()).isEqualTo("{\"ok\":true}");
        assertThat(new NodePeers.Result(1, "{\"ok\":false}", "").succeeded()).isFalse();
    }

    private static Path repositoryAt(Path root) throws IOException {
        Files.createDirectories(root.resolve("interop"));
        Files.writeString(root.resolve("interop").resolve("package.json"), "{\"private\":true}");
        return root;
    }

    /** A repository whose interop/node_modules/.bin/node exists; it is never executed here. */
    private static Path installedRepositoryAt(Path root) throws IOException {
        repositoryAt(root);
        Path bin = Files.createDirectories(root.resolve("interop").resolve("node_modules").resolve(".bin"));
        Path node = Files.writeString(bin.resolve("node"), "");
        Files.setPosixFilePermissions(node, PosixFilePermissions.fromString("rwxr-xr-x"));
        return root;
    }
}
