package io.eragate.core.stdio;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.Test;

class ChildEnvironmentTest {

    @Test
    void inheritsOnlyTheBasicsAndAddsTheConfiguredVariables() {
        Map<String, String> gateway = Map.of("PATH", "/usr/bin", "HOME", "/home/gw", "AWS_SECRET_ACCESS_KEY", "s3cr3t",
                "ERAGATE_TOKEN", "t", "LANG", "C.UTF-8");

        Map<String, String> env = ChildEnvironment.of(gateway, Map.of("MEMORY_FILE_PATH", "/tmp/m.jsonl"));

        assertThat(env).containsExactlyInAnyOrderEntriesOf(Map.of("PATH", "/usr/bin", "HOME", "/home/gw",
                "LANG", "C.UTF-8", "MEMORY_FILE_PATH", "/tmp/m.jsonl"));
    }

    @Test
    void configuredValuesWinAndShellFunctionsAreNotInherited() {
        Map<String, String> env = ChildEnvironment.of(Map.of("PATH", "/usr/bin", "SHELL", "() { :; }; echo pwned"),
                Map.of("PATH", "/opt/node/bin"));

        assertThat(env).containsExactly(Map.entry("PATH", "/opt/node/bin"));
    }
}
