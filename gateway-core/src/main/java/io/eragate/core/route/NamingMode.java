package io.eragate.core.route;

/** How a federated route shows the names of its upstreams' tools and prompts to clients. */
public enum NamingMode {
    /** {@code <upstream>_<name>}, shortened past the route's name length cap (see {@link ExposedNames}). */
    PREFIXED,
    /** The upstream's own names; a name two upstreams share goes to the first, and the other is left out. */
    AS_IS
}
