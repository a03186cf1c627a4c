package io.eragate.bench.load;

/** How the client offers load. */
public enum LoadMode {
    /**
     * A fixed number of connections, each sending its next request as soon as the previous answer arrives. Latency is
     * measured from the actual send.
     */
    CLOSED,
    /**
     * A fixed rate, independent of how fast answers come back. Latency is measured from the intended send time, so a
     * stalled target is charged for every request it delayed (no coordinated omission).
     */
    OPEN
}
