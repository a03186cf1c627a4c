package io.eragate.netty.it;

import io.eragate.core.config.LimitsConfig;
import java.time.Duration;

/** The default limits with the few a test shrinks so that the limit is reached quickly. */
final class TestLimits {
    private long maxBodyBytes;
    private int maxHeaderBytes;
    private int maxConnections;
    private Duration upstreamResponseTimeout;
    private Duration requestHeaderTimeout;
    private final LimitsConfig defaults = LimitsConfig.defaults();

    private TestLimits() {
        maxBodyBytes = defaults.maxBodyBytes();
        maxHeaderBytes = defaults.maxHeaderBytes();
        maxConnections = defaults.maxConnections();
        upstreamResponseTimeout = defaults.upstreamResponseTimeout();
        requestHeaderTimeout = defaults.requestHeaderTimeout();
    }

    static TestLimits defaults() {
        return new TestLimits();
    }

    TestLimits maxBodyBytes(long bytes) {
        maxBodyBytes = bytes;
        return this;
    }

    TestLimits maxHeaderBytes(int bytes) {
        maxHeaderBytes = bytes;
        return this;
    }

    TestLimits maxConnections(int connections) {
        maxConnections = connections;
        return this;
    }

    TestLimits upstreamResponseTimeout(Duration timeout) {
        upstreamResponseTimeout = timeout;
        return this;
    }

    TestLimits requestHeaderTimeout(Duration timeout) {
        requestHeaderTimeout = timeout;
        return this;
    }

    LimitsConfig build() {
        return new LimitsConfig(maxBodyBytes, maxHeaderBytes, defaults.maxInitialLineBytes(), maxConnections,
                defaults.idleTimeout(), defaults.upstreamConnectTimeout(), upstreamResponseTimeout,
                defaults.maxUpstreamConnectionsPerEventLoop(), defaults.maxPendingUpstreamAcquires(),
                defaults.upstreamIdleTimeout(), defaults.upstreamTotalTimeout(), requestHeaderTimeout);
    }
}
