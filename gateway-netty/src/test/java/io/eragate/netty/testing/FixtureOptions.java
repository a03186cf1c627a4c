package io.eragate.netty.testing;

/**
 * Settings every fixture upstream shares.
 *
 * @param ioThreads event-loop threads the fixture owns
 * @param maxRequestBytes largest request body it aggregates; larger ones get 413 from Netty's aggregator
 * @param maxRecordedRequests how many requests it keeps for assertions (oldest dropped first)
 * @param keepAliveConnection whether it honours HTTP keep-alive; when false every response closes its connection
 */
record FixtureOptions(int ioThreads, int maxRequestBytes, int maxRecordedRequests, boolean keepAliveConnection) {
    static final FixtureOptions DEFAULTS = new FixtureOptions(1, 1 << 20, 1024, true);

    FixtureOptions {
        positive(ioThreads, "ioThreads");
        positive(maxRequestBytes, "maxRequestBytes");
        positive(maxRecordedRequests, "maxRecordedRequests");
    }

    private static void positive(int value, String name) {
        if (value < 1) {
            throw new IllegalArgumentException(name + " must be positive: " + value);
        }
    }

    FixtureOptions withIoThreads(int value) {
        return new FixtureOptions(value, maxRequestBytes, maxRecordedRequests, keepAliveConnection);
    }

    FixtureOptions withMaxRequestBytes(int value) {
        return new FixtureOptions(ioThreads, value, maxRecordedRequests, keepAliveConnection);
    }

    FixtureOptions withMaxRecordedRequests(int value) {
        return new FixtureOptions(ioThreads, maxRequestBytes, value, keepAliveConnection);
    }

    FixtureOptions withKeepAliveConnection(boolean value) {
        return new FixtureOptions(ioThreads, maxRequestBytes, maxRecordedRequests, value);
    }
}
