package io.eragate.core.reload;

import java.time.Instant;
import java.util.List;
import java.util.Objects;

/**
 * What the last reload came to, for the admin port.
 *
 * @param at when it was attempted
 * @param trigger what asked for it: {@code file} (the watched file changed), {@code signal} (SIGHUP) or {@code
 *     admin}
 * @param result the outcome
 * @param summary what changed ({@link ConfigDiff#summary()}), or {@code null} when refused
 * @param problems why it was refused, as {@code validate-config} prints them; empty otherwise
 */
public record ReloadReport(Instant at, String trigger, Result result, String summary, List<String> problems) {

    /** How a reload ended. */
    public enum Result {
        /** The new configuration runs now. */
        APPLIED,
        /** The file was read and valid but changed nothing. */
        UNCHANGED,
        /** The file was invalid or changed a key fixed at start: the running configuration stays. */
        REFUSED;

        /** The lower-case word the admin endpoints use. */
        public String word() {
            return name().toLowerCase(java.util.Locale.ROOT);
        }
    }

    public ReloadReport {
        Objects.requireNonNull(at, "at");
        Objects.requireNonNull(trigger, "trigger");
        Objects.requireNonNull(result, "result");
        problems = List.copyOf(problems);
    }
}
