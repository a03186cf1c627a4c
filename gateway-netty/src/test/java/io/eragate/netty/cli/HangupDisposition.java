package io.eragate.netty.cli;

import java.io.IOException;
import java.math.BigInteger;
import java.nio.file.Files;
import java.nio.file.Path;

/** Whether this JVM's process ignores SIGHUP (Linux: the {@code SigIgn} mask of {@code /proc/self/status}). */
final class HangupDisposition {
    private static final int SIGHUP = 1;

    private HangupDisposition() {
    }

    /** True when SIGHUP is ignored here, so that no handler of this JVM can ever see one. */
    static boolean ignoredHere() {
        try {
            for (String line : Files.readAllLines(Path.of("/proc/self/status"))) {
                if (line.startsWith("SigIgn:")) {
                    return new BigInteger(line.substring("SigIgn:".length()).strip(), 16).testBit(SIGHUP - 1);
                }
            }
        } catch (IOException | NumberFormatException notLinux) {
            // Without the mask, assume the usual: SIGHUP is not ignored.
        }
        return false;
    }
}
