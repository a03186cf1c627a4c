package io.eragate.bench.load;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The report shows command lines without any path of the machine that ran them. */
class TopologyCommandTest {

    private static final Path ROOT = Path.of("/home/someone/eragate");

    @Test
    void pathsUnderTheRepositoryBecomeRelativeAndTheJdkIsJustJava() {
        String shown = Topology.abbreviate(List.of("/usr/lib/jvm/java-17/bin/java", "-Xms512m",
                "-Xlog:gc:file=/home/someone/eragate/target/bench/gc.log", "-jar",
                "/home/someone/eragate/gateway-netty/target/eragate.jar", "--config",
                "/home/someone/eragate/target/bench/eragate.yaml"), ROOT);

        assertThat(shown).isEqualTo("java -Xms512m -Xlog:gc:file=target/bench/gc.log -jar"
                + " gateway-netty/target/eragate.jar --config target/bench/eragate.yaml");
    }

    @Test
    void aLongClasspathIsShortenedAndOtherProgramsKeepTheirName() {
        String classpath = "/home/someone/eragate/a.jar:".repeat(10);
        String shown = Topology.abbreviate(List.of("/usr/sbin/nginx", "-p", "/home/someone/eragate/target/bench/nginx",
                "-cp", classpath), ROOT);

        assertThat(shown).isEqualTo("/usr/sbin/nginx -p target/bench/nginx -cp <classpath>");
    }
}
