package io.eragate.bench.load;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Reads CPU time and resident memory of processes from {@code /proc}, and a JVM's live heap through {@code jcmd} (after
 * a full collection, so the number is what the process holds rather than where its collector happened to be).
 */
final class ResourceSampler {
    private static final Logger log = LoggerFactory.getLogger(ResourceSampler.class);
    private static final long DEFAULT_TICKS_PER_SECOND = 100;
    private static final long JCMD_TIMEOUT_SECONDS = 30;

    private final long ticksPerSecond;
    private final Optional<Path> jcmd;

    private ResourceSampler(long ticksPerSecond, Optional<Path> jcmd) {
        this.ticksPerSecond = ticksPerSecond;
        this.jcmd = jcmd;
    }

    /** The 1-, 5- and 15-minute load averages from {@code /proc/loadavg}, such as {@code "0.52 0.61 0.70"}. */
    static String loadAverage() {
        try {
            String[] fields = Files.readString(Path.of("/proc/loadavg")).trim().split("\\s+");
            return fields.length >= 3 ? fields[0] + " " + fields[1] + " " + fields[2] : "unknown";
        } catch (IOException e) {
            return "unknown";
        }
    }

    /** Asks {@code getconf CLK_TCK} for the tick rate (100 if it cannot say) and finds this JDK's {@code jcmd}. */
    static ResourceSampler create() {
        long ticks = DEFAULT_TICKS_PER_SECOND;
        try {
            String out = run(List.of("getconf", "CLK_TCK")).trim();
            ticks = Long.parseLong(out);
        } catch (IOException | NumberFormatException e) {
            log.info("getconf CLK_TCK failed ({}); assuming {} ticks per second", e.getMessage(), ticks);
        }
        Path candidate = Path.of(System.getProperty("java.home"), "bin", "jcmd");
        return new ResourceSampler(ticks, Files.isExecutable(candidate) ? Optional.of(candidate) : Optional.empty());
    }

    /** Whether {@code /proc} is there to read (Linux). */
    static boolean procAvailable() {
        return Files.isReadable(Path.of("/proc/self/stat"));
    }

    /** CPU seconds that {@code ticks} stand for. */
    double seconds(long ticks) {
        return (double) ticks / ticksPerSecond;
    }

    /** User plus system CPU ticks of the processes still alive among {@code processes}. */
    long cpuTicks(List<ProcessHandle> processes) {
        long total = 0;
        for (ProcessHandle process : processes) {
            String stat = readProc(process.pid(), "stat");
            if (stat != null) {
                total += ProcStat.cpuTicks(stat);
            }
        }
        return total;
    }

    /** Machine-wide ticks now, or {@code null} when {@code /proc/stat} cannot be read. */
    ProcStat.MachineTicks machineTicks() {
        try {
            return ProcStat.machineTicks(Files.readString(Path.of("/proc/stat"), StandardCharsets.US_ASCII));
        } catch (IOException | IllegalArgumentException e) {
            log.debug("cannot read /proc/stat: {}", e.getMessage());
            return null;
        }
    }

    /** Summed resident set size; pages shared between the processes are counted once per process. */
    OptionalLong residentBytes(List<ProcessHandle> processes) {
        long total = 0;
        boolean any = false;
        for (ProcessHandle process : processes) {
            String status = readProc(process.pid(), "status");
            OptionalLong rss = status == null ? OptionalLong.empty() : ProcStat.residentBytes(status);
            if (rss.isPresent()) {
                total += rss.getAsLong();
                any = true;
            }
        }
        return any ? OptionalLong.of(total) : OptionalLong.empty();
    }

    /** The heap a JVM still uses after a full collection, or empty when {@code jcmd} is missing or fails. */
    OptionalLong liveHeapBytes(long pid) {
        if (jcmd.isEmpty()) {
            return OptionalLong.empty();
        }
        try {
            run(List.of(jcmd.get().toString(), Long.toString(pid), "GC.run"));
            return ProcStat.heapUsedBytes(run(List.of(jcmd.get().toString(), Long.toString(pid), "GC.heap_info")));
        } catch (IOException e) {
            log.info("jcmd on {} failed: {}", pid, e.getMessage());
            return OptionalLong.empty();
        }
    }

    /** The heap a JVM uses now, garbage included (no collection first), or empty when {@code jcmd} fails. */
    OptionalLong heapInUseBytes(long pid) {
        return jcmd(pid, "GC.heap_info").map(ProcStat::heapUsedBytes).orElse(OptionalLong.empty());
    }

    /** {@code VM.native_memory summary} of a JVM started with native memory tracking, or empty when it fails. */
    Optional<NativeMemory> nativeMemory(long pid) {
        return jcmd(pid, "VM.native_memory", "summary").flatMap(text -> {
            try {
                return Optional.of(NativeMemory.parse(text));
            } catch (IllegalArgumentException e) {
                log.info("no native memory summary from {}: {}", pid, e.getMessage());
                return Optional.empty();
            }
        });
    }

    /** The live objects of a JVM by class ({@code GC.class_histogram} collects first), or empty when it fails. */
    Optional<ClassHistogram> classHistogram(long pid) {
        return jcmd(pid, "GC.class_histogram").map(ClassHistogram::parse);
    }

    private Optional<String> jcmd(long pid, String... command) {
        if (jcmd.isEmpty()) {
            return Optional.empty();
        }
        List<String> line = new ArrayList<>(List.of(jcmd.get().toString(), Long.toString(pid)));
        line.addAll(List.of(command));
        try {
            return Optional.of(run(line));
        } catch (IOException e) {
            log.info("jcmd {} on {} failed: {}", command[0], pid, e.getMessage());
            return Optional.empty();
        }
    }

    private static String readProc(long pid, String file) {
        try {
            return Files.readString(Path.of("/proc", Long.toString(pid), file), StandardCharsets.US_ASCII);
        } catch (NoSuchFileException gone) {
            return null;
        } catch (IOException e) {
            log.debug("cannot read /proc/{}/{}: {}", pid, file, e.getMessage());
            return null;
        }
    }

    private static String run(List<String> command) throws IOException {
        Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
        try (InputStream out = process.getInputStream()) {
            String text = new String(out.readAllBytes(), StandardCharsets.UTF_8);
            if (!process.waitFor(JCMD_TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
                process.destroyForcibly();
                throw new IOException(command.get(0) + " did not finish");
            }
            if (process.exitValue() != 0) {
                throw new IOException(command.get(0) + " exited with " + process.exitValue() + ": " + text.trim());
            }
            return text;
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
            throw new IOException("interrupted", e);
        }
    }
}
