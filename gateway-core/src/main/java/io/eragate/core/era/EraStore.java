package io.eragate.core.era;

import java.util.Collection;
import java.util.Map;

/**
 * Keeps probed era verdicts across restarts. Implementations do blocking I/O: {@link EraCache} calls {@link #load()}
 * once from its constructor and {@link #save(Collection)} only on its persistence executor, never on a caller's
 * thread.
 */
public interface EraStore {

    /** The saved verdicts, keyed by origin; empty when nothing is saved or the saved state is unusable. */
    Map<OriginKey, EraRecord> load();

    /**
     * Replaces the saved verdicts with {@code records}.
     *
     * @throws java.io.UncheckedIOException when they cannot be written
     */
    void save(Collection<EraRecord> records);
}
