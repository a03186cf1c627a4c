package io.eragate.core.telemetry;

import java.util.Objects;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The values one metric label may take: at most {@code maxValues} distinct ones, admitted first come, first served;
 * every later value is {@link #OTHER}. Metric series are never created from unbounded input this way: a client that
 * invents a name per request costs one {@code other} series, not one series per request.
 *
 * <p>Thread-safe. Admission is racy only in that two threads may both see room for the last slot: the set can end up
 * at most one value per racing thread above its bound, never growing without bound.
 */
public final class BoundedLabel {
    /** The value every name past the bound is counted under. */
    public static final String OTHER = "other";
    /** The value of an absent name (a request whose method has none). */
    public static final String NONE = "none";

    private final int maxValues;
    private final Set<String> admitted = ConcurrentHashMap.newKeySet();

    /** A label with room for {@code maxValues} distinct values besides {@link #OTHER} and {@link #NONE}. */
    public BoundedLabel(int maxValues) {
        if (maxValues < 0) {
            throw new IllegalArgumentException("maxValues must be >= 0, got " + maxValues);
        }
        this.maxValues = maxValues;
    }

    /** The label value for {@code value}: itself while there is room or it was admitted before, else {@code other}. */
    public String valueOf(String value) {
        if (value == null) {
            return NONE;
        }
        if (admitted.contains(value)) {
            return value;
        }
        if (admitted.size() >= maxValues) {
            return OTHER;
        }
        admitted.add(value);
        return value;
    }

    /** How many distinct values have been admitted. */
    public int size() {
        return admitted.size();
    }

    /** Whether {@code value} has its own series. */
    public boolean admitted(String value) {
        return admitted.contains(Objects.requireNonNull(value, "value"));
    }
}
