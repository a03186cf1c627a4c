package io.eragate.core.config;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** The configuration files shipped in conf/ load, and the default file really holds the defaults. */
class ShippedConfigTest {

    @Test
    void defaultFileLoadsAndHoldsTheBuiltInDefaults() throws Exception {
        GatewayConfig config = ConfigLoader.load(RepositoryFiles.root().resolve("conf/eragate.yaml"));

        GatewayConfig defaults = GatewayConfig.defaults();
        assertThat(config.listen()).isEqualTo(defaults.listen());
        assertThat(config.admin()).isEqualTo(defaults.admin());
        assertThat(config.security()).isEqualTo(defaults.security());
        assertThat(config.limits()).isEqualTo(defaults.limits());
        assertThat(config.upstreams()).containsExactly(
                new UpstreamConfig("everything", URI.create("http://127.0.0.1:3001/mcp"), EraSetting.AUTO));
        assertThat(config.routes()).containsExactly(new RouteConfig("/mcp", "everything"));
    }

    static Stream<Path> examples() throws IOException {
        List<Path> examples;
        try (Stream<Path> files = Files.list(RepositoryFiles.root().resolve("conf/examples"))) {
            examples = files.filter(file -> file.toString().endsWith(".yaml")).sorted().toList();
        }
        assertThat(examples).as("conf/examples holds examples").isNotEmpty();
        return examples.stream();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("examples")
    void examplesLoad(Path example) throws Exception {
        GatewayConfig config = ConfigLoader.load(example);

        assertThat(config.routes()).isNotEmpty();
    }
}
