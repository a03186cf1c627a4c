package io.eragate.bench.load;

/** What a connection reports to the run that owns it; every call comes on the client's event loop. */
interface LoadDriver {

    /** The connection is open and idle. */
    void connected(LoadConnection connection);

    /**
     * An answer completed.
     *
     * @param measuredFrom the send time (closed loop) or intended send time (open loop) given to
     *     {@link LoadConnection#send}
     * @param success a 200 carrying the expected result
     * @param reusable the connection stays open for another request
     */
    void answered(LoadConnection connection, long measuredFrom, long now, boolean success, boolean reusable);

    /** The connection closed; {@code requestLost} when a request was in flight on it. */
    void closed(LoadConnection connection, boolean requestLost);
}
