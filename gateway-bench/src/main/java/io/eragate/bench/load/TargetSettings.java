package io.eragate.bench.load;

import java.nio.file.Path;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * How to start the processes the scenarios need.
 *
 * @param workDirectory where configs and process logs go
 * @param java the {@code java} launcher for the fixture and Eragate JVMs
 * @param benchClasspath a classpath holding {@link FixtureMain} and the fixtures (the benchmarks jar)
 * @param eragateLaunch the arguments after {@code java} and its options that start Eragate, before
 *     {@code --config FILE}: {@code -jar eragate.jar}, or {@code -cp CP io.eragate.netty.cli.Main}; empty when Eragate
 *     is not to be measured
 * @param jvmOptions options for the Eragate JVMs; none by default, since users start the jar without any
 * @param nginx the nginx binary, or empty when nginx is not to be measured
 * @param fixtureIoThreads event-loop threads of the fixture upstream
 * @param baselineLaunch as {@code eragateLaunch}, for the build to compare with ({@code --compare}); empty when none
 * @param fixtureJvmOptions options for the fixture upstream JVMs (heap size and the like)
 */
public record TargetSettings(Path workDirectory, String java, String benchClasspath, List<String> eragateLaunch,
        List<String> jvmOptions, Optional<Path> nginx, int fixtureIoThreads, List<String> baselineLaunch,
        List<String> fixtureJvmOptions) {

    /** Settings without a baseline build, the same options for the fixture and Eragate JVMs. */
    public TargetSettings(Path workDirectory, String java, String benchClasspath, List<String> eragateLaunch,
            List<String> jvmOptions, Optional<Path> nginx, int fixtureIoThreads) {
        this(workDirectory, java, benchClasspath, eragateLaunch, jvmOptions, nginx, fixtureIoThreads, List.of());
    }

    /** Settings with the same options for the fixture and Eragate JVMs. */
    public TargetSettings(Path workDirectory, String java, String benchClasspath, List<String> eragateLaunch,
            List<String> jvmOptions, Optional<Path> nginx, int fixtureIoThreads, List<String> baselineLaunch) {
        this(workDirectory, java, benchClasspath, eragateLaunch, jvmOptions, nginx, fixtureIoThreads, baselineLaunch,
                jvmOptions);
    }

    public TargetSettings {
        Objects.requireNonNull(workDirectory, "workDirectory");
        Objects.requireNonNull(java, "java");
        Objects.requireNonNull(benchClasspath, "benchClasspath");
        eragateLaunch = List.copyOf(eragateLaunch);
        jvmOptions = List.copyOf(jvmOptions);
        baselineLaunch = List.copyOf(baselineLaunch);
        fixtureJvmOptions = List.copyOf(fixtureJvmOptions);
        Objects.requireNonNull(nginx, "nginx");
        if (fixtureIoThreads < 1) {
            throw new IllegalArgumentException("fixtureIoThreads must be positive");
        }
    }

    /** The {@code java} of the JVM running the harness. */
    public static String currentJava() {
        return Path.of(System.getProperty("java.home"), "bin", "java").toString();
    }
}
