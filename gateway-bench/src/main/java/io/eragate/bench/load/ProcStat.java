package io.eragate.bench.load;

import java.util.Objects;
import java.util.OptionalLong;

/**
 * Parsing of the Linux {@code /proc} files the harness samples. Pure functions on their text, so they are tested
 * without a kernel.
 */
final class ProcStat {
    /** Field 14 ({@code utime}) of {@code /proc/PID/stat}, counted from the field after the command name. */
    private static final int UTIME_AFTER_COMM = 11;

    private ProcStat() {
    }

    /**
     * {@code utime + stime} in clock ticks from the text of {@code /proc/PID/stat}. The command name is in parentheses
     * and may itself hold spaces and parentheses, so fields are counted from the last {@code ')'}.
     */
    static long cpuTicks(String statLine) {
        Objects.requireNonNull(statLine, "statLine");
        int commEnd = statLine.lastIndexOf(')');
        if (commEnd < 0) {
            throw new IllegalArgumentException("not a /proc/PID/stat line: " + statLine);
        }
        String[] fields = statLine.substring(commEnd + 1).trim().split("\\s+");
        if (fields.length <= UTIME_AFTER_COMM + 1) {
            throw new IllegalArgumentException("too few fields in /proc/PID/stat: " + statLine);
        }
        return Long.parseLong(fields[UTIME_AFTER_COMM]) + Long.parseLong(fields[UTIME_AFTER_COMM + 1]);
    }

    /**
     * Machine-wide CPU ticks from the first ({@code cpu}) line of {@code /proc/stat}: user, nice, system, idle, iowait,
     * irq, softirq, steal (guest time is already inside user and nice).
     */
    static MachineTicks machineTicks(String procStat) {
        Objects.requireNonNull(procStat, "procStat");
        String first = procStat.lines().findFirst().orElse("");
        String[] f = first.trim().split("\\s+");
        if (f.length < 9 || !"cpu".equals(f[0])) {
            throw new IllegalArgumentException("not the cpu line of /proc/stat: " + first);
        }
        long user = Long.parseLong(f[1]);
        long nice = Long.parseLong(f[2]);
        long system = Long.parseLong(f[3]);
        long idle = Long.parseLong(f[4]);
        long iowait = Long.parseLong(f[5]);
        long irq = Long.parseLong(f[6]);
        long softirq = Long.parseLong(f[7]);
        long steal = Long.parseLong(f[8]);
        return new MachineTicks(user + nice + system + irq + softirq, steal, idle + iowait);
    }

    /**
     * Machine-wide CPU ticks, summed over all processors.
     *
     * @param busy spent running anything (user, nice, system, irq, softirq)
     * @param steal taken by the hypervisor for other guests
     * @param idle idle or waiting for I/O
     */
    record MachineTicks(long busy, long steal, long idle) {
    }

    /** Resident set size in bytes from the text of {@code /proc/PID/status} ({@code VmRSS: N kB}). */
    static OptionalLong residentBytes(String status) {
        Objects.requireNonNull(status, "status");
        for (String line : status.split("\n")) {
            if (line.startsWith("VmRSS:")) {
                String[] parts = line.substring("VmRSS:".length()).trim().split("\\s+");
                return OptionalLong.of(Long.parseLong(parts[0]) * 1024);
            }
        }
        return OptionalLong.empty();
    }

    /**
     * Heap in use in bytes from the output of {@code jcmd PID GC.heap_info}: the first {@code used NK} on the heap
     * line (G1, Parallel and Serial all print one; Metaspace comes later).
     */
    static OptionalLong heapUsedBytes(String heapInfo) {
        Objects.requireNonNull(heapInfo, "heapInfo");
        for (String line : heapInfo.split("\n")) {
            String trimmed = line.trim();
            if (trimmed.startsWith("Metaspace") || trimmed.startsWith("class space")) {
                continue;
            }
            int used = trimmed.indexOf("used ");
            if (used < 0 || !trimmed.contains("total ")) {
                continue;
            }
            String value = trimmed.substring(used + "used ".length()).split("[\\s,\\[]")[0];
            return OptionalLong.of(parseSize(value));
        }
        return OptionalLong.empty();
    }

    private static long parseSize(String value) {
        char unit = Character.toUpperCase(value.charAt(value.length() - 1));
        if (Character.isDigit(unit)) {
            return Long.parseLong(value);
        }
        long number = Long.parseLong(value.substring(0, value.length() - 1));
        return switch (unit) {
            case 'K' -> number * 1024;
            case 'M' -> number * 1024 * 1024;
            case 'G' -> number * 1024 * 1024 * 1024;
            default -> throw new IllegalArgumentException("unknown size unit in " + value);
        };
    }

    /**
     * The soft limit of the {@code Max open files} row of {@code /proc/PID/limits}; {@code Long.MAX_VALUE} for
     * "unlimited".
     *
     * @throws IllegalArgumentException when the row is missing
     */
    static long maxOpenFiles(String limits) {
        return openFilesLimit(limits, 0);
    }

    /** The hard limit of the {@code Max open files} row: what a process may raise its soft limit to. */
    static long hardMaxOpenFiles(String limits) {
        return openFilesLimit(limits, 1);
    }

    private static long openFilesLimit(String limits, int column) {
        for (String line : limits.split("\n")) {
            if (line.startsWith("Max open files")) {
                String value = line.substring("Max open files".length()).trim().split("\\s+")[column];
                return "unlimited".equals(value) ? Long.MAX_VALUE : Long.parseLong(value);
            }
        }
        throw new IllegalArgumentException("no Max open files row");
    }
}
