package io.eragate.core.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Problems with the file or the YAML itself, which end the loading before any key is looked at. */
class ConfigLoaderFileTest {

    private static final String MINIMAL = """
            upstreams: [{name: everything, url: "http://127.0.0.1:3001/mcp"}]
            routes: [{path: /mcp, upstream: everything}]
            """;

    @TempDir
    Path dir;

    @Test
    void loadsAFile() throws Exception {
        Path file = Files.writeString(dir.resolve("ok.yaml"), MINIMAL);

        assertThat(ConfigLoader.load(file).routes()).containsExactly(new RouteConfig("/mcp", "everything"));
    }

    @Test
    void missingFile() {
        Path file = dir.resolve("absent.yaml");

        assertThat(problemsOf(file)).containsExactly(file + ": file not found");
    }

    @Test
    void directoryInsteadOfAFile() {
        assertThat(problemsOf(dir)).containsExactly(dir + ": is a directory, not a file");
    }

    @Test
    void emptyFile() throws IOException {
        Path file = Files.writeString(dir.resolve("empty.yaml"), "");

        assertThat(problemsOf(file)).containsExactly(file + ": is empty; a configuration needs at least upstreams"
                + " and routes");
    }

    @Test
    void fileWithOnlyComments() throws IOException {
        Path file = Files.writeString(dir.resolve("comments.yaml"), "# listen: {port: 8080}\n\n");

        assertThat(problemsOf(file)).containsExactly(file + ": is empty; a configuration needs at least upstreams"
                + " and routes");
    }

    @Test
    void fileThatIsNotUtf8() throws IOException {
        Path file = Files.write(dir.resolve("latin1.yaml"), "listen: {host: caf\u00e9}".getBytes(
                StandardCharsets.ISO_8859_1));

        assertThat(problemsOf(file)).containsExactly(file + ": is not valid UTF-8 text");
    }

    @Test
    void fileLargerThanTheCap() throws IOException {
        Path file = Files.writeString(dir.resolve("big.yaml"),
                MINIMAL + "#".repeat((int) ConfigLoader.MAX_FILE_BYTES));

        assertThat(problemsOf(file)).containsExactly(file + ": is larger than 1MiB; this is not a configuration file");
    }

    @Test
    void syntaxErrorNamesLineAndColumn() {
        String yaml = """
                listen:
                  host: 127.0.0.1
                   port: 8080
                """;

        assertThat(parseProblems(yaml)).containsExactly(
                "bad.yaml: YAML syntax error at line 3, column 8: mapping values are not allowed here");
    }

    @Test
    void unclosedFlowSequence() {
        assertThat(parseProblems("routes: [{path: /mcp}\nlimits: {}\n")).containsExactly(
                "bad.yaml: YAML syntax error at line 2, column 1: expected ',' or ']', but got <scalar>");
    }

    @Test
    void tabIndentation() {
        assertThat(parseProblems("listen:\n\tport: 1\n")).containsExactly(
                "bad.yaml: YAML syntax error at line 2, column 1: found character '\\t(TAB)' that cannot start"
                        + " any token. (Do not use \\t(TAB) for indentation)");
    }

    @Test
    void duplicateKey() {
        assertThat(parseProblems(MINIMAL + "listen: {port: 1}\nlisten: {port: 2}\n")).containsExactly(
                "bad.yaml: duplicate key \"listen\" at line 4");
    }

    @Test
    void aliasesAreRejectedWithTheirPosition() {
        String yaml = """
                upstreams:
                  - {name: a, url: &u "http://127.0.0.1:3001/mcp"}
                  - {name: b, url: *u}
                routes: [{path: /mcp, upstream: a}]
                """;

        assertThat(parseProblems(yaml)).containsExactly(
                "bad.yaml: line 3, column 20: YAML aliases (*u) are not supported; write the value out");
    }

    @Test
    void topLevelListInsteadOfMapping() {
        assertThat(parseProblems("- listen\n- admin\n")).containsExactly(
                "bad.yaml: expected a mapping of keys at the top level, got a list");
    }

    @Test
    void topLevelScalar() {
        assertThat(parseProblems("eragate")).containsExactly(
                "bad.yaml: expected a mapping of keys at the top level, got \"eragate\"");
    }

    @Test
    void leadingByteOrderMarkIsAccepted() throws Exception {
        byte[] bom = {(byte) 0xEF, (byte) 0xBB, (byte) 0xBF};
        byte[] body = MINIMAL.getBytes(StandardCharsets.UTF_8);
        byte[] bytes = new byte[bom.length + body.length];
        System.arraycopy(bom, 0, bytes, 0, bom.length);
        System.arraycopy(body, 0, bytes, bom.length, body.length);
        Path file = Files.write(dir.resolve("bom.yaml"), bytes);

        assertThat(ConfigLoader.load(file).upstreams()).hasSize(1);
    }

    @Test
    void exceptionNeedsAProblem() {
        IllegalArgumentException failure = catchThrowableOfType(IllegalArgumentException.class,
                () -> new ConfigException(List.of()));

        assertThat(failure).hasMessageContaining("at least one problem");
    }

    private static List<String> problemsOf(Path file) {
        return catchThrowableOfType(ConfigException.class, () -> ConfigLoader.load(file)).problems();
    }

    private static List<String> parseProblems(String yaml) {
        return catchThrowableOfType(ConfigException.class, () -> ConfigLoader.parse(yaml, "bad.yaml")).problems();
    }
}
