package io.eragate.netty.legacyrelay;

/** An upstream call whose answer is still being read, as the relays hold it: something to close. */
public interface OpenCall {

    /** Stops the call and closes its connection (for a 2026-07-28 upstream, the cancellation of the request). */
    void abort();
}
