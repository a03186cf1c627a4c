package io.eragate.netty.auth;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The key ring takes its secrets from mounted files (a Kubernetes Secret), not the reference's own text. */
class KeyRingSecretsTest {

    @TempDir
    Path dir;

    @Test
    void aFileReferenceIsReplacedByTheFilesContent() throws Exception {
        Path current = dir.resolve("current");
        Files.writeString(current, "a-mounted-secret-of-32-bytes-xxx\n");

        byte[] key = Identity.resolvedSecret("${file:" + current + "}", 0);

        assertThat(new String(key, StandardCharsets.UTF_8)).isEqualTo("a-mounted-secret-of-32-bytes-xxx");
    }

    @Test
    void aLiteralSecretIsItsOwnValue() {
        assertThat(Identity.resolvedSecret("a-literal-secret-of-sixteen", 1))
                .isEqualTo("a-literal-secret-of-sixteen".getBytes(StandardCharsets.UTF_8));
    }

    @Test
    void aResolvedSecretThatIsTooShortIsRefusedWithoutShowingIt() throws Exception {
        Path shortOne = dir.resolve("short");
        Files.writeString(shortOne, "hunter2");

        assertThatThrownBy(() -> Identity.resolvedSecret("${file:" + shortOne + "}", 1))
                .hasMessageStartingWith("security.secrets[1]: must be at least 16 bytes once resolved, got 7")
                .hasMessageNotContaining("hunter2");
    }

    @Test
    void aMissingFileNamesTheEntry() {
        assertThatThrownBy(() -> Identity.resolvedSecret("${file:" + dir.resolve("absent") + "}", 0))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("security.secrets[0]: ");
    }
}
