package io.eragate.core.security;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SecretTemplateTest {
    private static final Map<String, String> ENV = Map.of("CRM_TOKEN", "t0ken");

    @TempDir
    Path dir;

    @Test
    void referencesResolveFromTheEnvironmentAndFilesAnywhereInTheValue() throws Exception {
        Path file = dir.resolve("secret");
        Files.writeString(file, "from-a-file\n");

        assertThat(SecretTemplate.resolve("Bearer ${env:CRM_TOKEN}", ENV::get, SecretTemplate::readFile))
                .isEqualTo("Bearer t0ken");
        assertThat(SecretTemplate.resolve("${file:" + file + "}:${env:CRM_TOKEN}", ENV::get,
                SecretTemplate::readFile)).isEqualTo("from-a-file:t0ken");
        assertThat(SecretTemplate.resolve("plain $value", ENV::get, SecretTemplate::readFile))
                .isEqualTo("plain $value");
    }

    @Test
    void aMissingReferenceIsNamedAndNoValueIsShown() {
        assertThatThrownBy(() -> SecretTemplate.resolve("Bearer ${env:NOPE}", ENV::get, SecretTemplate::readFile))
                .hasMessage("environment variable NOPE is not set");
        assertThatThrownBy(() -> SecretTemplate.resolve("${file:" + dir.resolve("absent") + "}", ENV::get,
                SecretTemplate::readFile)).hasMessageContaining("cannot read secret file");
    }

    @Test
    void malformedReferencesAreProblemsOfTheConfiguration() {
        assertThat(SecretTemplate.problem("Bearer ${env:CRM_TOKEN}")).isNull();
        assertThat(SecretTemplate.problem("Bearer ${env:}")).contains("invalid environment variable");
        assertThat(SecretTemplate.problem("${file:relative}")).contains("absolute path");
        assertThat(SecretTemplate.problem("${vault:x}")).contains("is not ${env:NAME}");
        assertThat(SecretTemplate.problem("${env:A")).contains("is not ${env:NAME}");
    }
}
