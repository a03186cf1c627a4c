package io.eragate.core.config;

import java.util.List;
import java.util.Objects;

/**
 * A configuration that cannot be used, with every problem found in one pass. Each problem names the key path it is
 * about ({@code limits.maxBodyBytes: ...}) or, for problems with the file itself, the file.
 */
public final class ConfigException extends Exception {

    private static final long serialVersionUID = 1L;

    private final List<String> problems;

    /**
     * @param problems at least one problem, each a single line
     */
    public ConfigException(List<String> problems) {
        super(String.join("\n", requireProblems(problems)));
        this.problems = List.copyOf(problems);
    }

    /** Every problem, in the order found; the message is these joined with newlines. */
    public List<String> problems() {
        return problems;
    }

    private static List<String> requireProblems(List<String> problems) {
        Objects.requireNonNull(problems, "problems");
        if (problems.isEmpty()) {
            throw new IllegalArgumentException("a ConfigException needs at least one problem");
        }
        return problems;
    }
}
