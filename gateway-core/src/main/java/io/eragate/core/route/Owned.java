package io.eragate.core.route;

import java.util.Objects;

/**
 * What an exposed name stands for: the upstream that owns it and the name that upstream knows it by.
 *
 * @param upstream the owning upstream
 * @param name the upstream's own name (or URI, for a resource)
 */
public record Owned(String upstream, String name) {

    public Owned {
        Objects.requireNonNull(upstream, "upstream");
        Objects.requireNonNull(name, "name");
    }
}
