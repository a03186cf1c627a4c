package io.eragate.netty.testing;

import java.util.Objects;

/**
 * One leak that Netty's detector reported: the type of the resource that was garbage-collected without being
 * released, and the access records Netty kept for it (empty when the leak was not traced).
 *
 * @param resourceType simple name of the leaked resource's type, for example {@code ByteBuf}
 * @param records the access records with their stack traces and {@code touch} hints, or {@code ""} if untraced
 */
public record LeakReport(String resourceType, String records) {

    public LeakReport {
        Objects.requireNonNull(resourceType, "resourceType");
        Objects.requireNonNull(records, "records");
    }

    /** Whether the records mention {@code hint}, such as a marker passed to {@code ByteBuf.touch(Object)}. */
    public boolean mentions(String hint) {
        Objects.requireNonNull(hint, "hint");
        return records.contains(hint);
    }

    /** Text for a failure message: the type, then the records or a note on how to get them. */
    public String describe() {
        if (records.isEmpty()) {
            return "LEAK of " + resourceType + " (untraced: run with -Dio.netty.leakDetection.level=paranoid)";
        }
        return "LEAK of " + resourceType + ":" + records;
    }
}
