package io.eragate.bench.report;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Optional;

/**
 * The machine a run happened on, from {@code /proc/cpuinfo}, {@code /proc/meminfo}, {@code /etc/os-release} and the
 * running JVM.
 *
 * @param cpuModel the first {@code model name} of {@code /proc/cpuinfo}
 * @param processors what the JVM sees (the same as {@code nproc})
 * @param memory {@code MemTotal} in a readable unit
 * @param os the {@code PRETTY_NAME} of {@code /etc/os-release} and the kernel release
 * @param java the runtime name, version and VM
 */
public record MachineInfo(String cpuModel, int processors, String memory, String os, String java) {

    /** This machine. */
    public static MachineInfo current() {
        String cpu = read("/proc/cpuinfo").flatMap(text -> field(text, "model name", ':')).orElse("unknown");
        String memory = read("/proc/meminfo").flatMap(text -> field(text, "MemTotal", ':'))
                .map(MachineInfo::kilobytes).orElse("unknown");
        String distribution = read("/etc/os-release").flatMap(text -> field(text, "PRETTY_NAME", '='))
                .map(name -> name.replace("\"", "")).orElse(System.getProperty("os.name"));
        String os = distribution + ", kernel " + System.getProperty("os.version");
        String java = System.getProperty("java.runtime.name") + " " + System.getProperty("java.runtime.version")
                + " (" + System.getProperty("java.vm.name") + ")";
        return new MachineInfo(cpu, Runtime.getRuntime().availableProcessors(), memory, os, java);
    }

    /** The value of the first line {@code name<separator>value} in {@code text}, trimmed. */
    static Optional<String> field(String text, String name, char separator) {
        for (String line : text.split("\n")) {
            int at = line.indexOf(separator);
            if (at > 0 && line.substring(0, at).trim().equals(name)) {
                return Optional.of(line.substring(at + 1).trim());
            }
        }
        return Optional.empty();
    }

    /** {@code "24683708 kB"} as {@code "23.5 GiB"}. */
    static String kilobytes(String value) {
        String[] parts = value.trim().split("\\s+");
        try {
            return String.format(Locale.ROOT, "%.1f GiB", Long.parseLong(parts[0]) / (1024.0 * 1024.0));
        } catch (NumberFormatException e) {
            return value;
        }
    }

    private static Optional<String> read(String file) {
        try {
            return Optional.of(Files.readString(Path.of(file), StandardCharsets.UTF_8));
        } catch (IOException e) {
            return Optional.empty();
        }
    }
}
