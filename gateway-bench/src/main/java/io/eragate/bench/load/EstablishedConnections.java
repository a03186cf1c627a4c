package io.eragate.bench.load;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

/**
 * Counts a process's TCP connections in state ESTABLISHED to a loopback port, from {@code /proc/PID/net/tcp} and
 * {@code tcp6} (the network namespace of the process; the harness and its children share one, so the count includes
 * connections of other processes to that port: the caller compares it with a lower bound).
 */
final class EstablishedConnections {
    private static final String ESTABLISHED = "01";

    private EstablishedConnections() {
    }

    /** Connections established to {@code port}, or 0 when {@code /proc} cannot say. */
    static int count(long pid, int port) {
        int count = 0;
        for (String table : List.of("tcp", "tcp6")) {
            try {
                count += count(Files.readAllLines(Path.of("/proc", Long.toString(pid), "net", table),
                        StandardCharsets.US_ASCII), port);
            } catch (IOException e) {
                // No such table (no IPv6) or no such process: nothing established there.
            }
        }
        return count;
    }

    /** Rows of a {@code /proc/net/tcp} table whose remote port is {@code port} and whose state is ESTABLISHED. */
    static int count(List<String> lines, int port) {
        String remotePort = String.format(Locale.ROOT, ":%04X", port);
        int count = 0;
        for (String line : lines) {
            String[] fields = line.trim().split("\\s+");
            if (fields.length > 3 && fields[2].endsWith(remotePort) && ESTABLISHED.equals(fields[3])) {
                count++;
            }
        }
        return count;
    }
}
