package io.eragate.core.config;

import java.util.Objects;

/**
 * Where the gateway accepts MCP clients.
 *
 * @param host the address to bind: a host name, an IPv4 address or an IPv6 address without brackets (default
 *             {@code 127.0.0.1}, loopback only)
 * @param port the TCP port, 0..65535, where 0 asks the system for a free port (default {@code 8080})
 * @param workerThreads event loops serving clients and their upstream calls, 0..1024, where 0 (the default) means
 *             one per available processor
 * @param tls  TLS on the listener, or null for plain HTTP (the default)
 * @param transport the event loops' I/O transport (default {@link TransportSetting#AUTO})
 */
public record ListenConfig(String host, int port, int workerThreads, TlsConfig tls, TransportSetting transport) {

    public ListenConfig {
        Objects.requireNonNull(host, "host");
        Objects.requireNonNull(transport, "transport");
    }

    /** A listener on the default transport. */
    public ListenConfig(String host, int port, int workerThreads, TlsConfig tls) {
        this(host, port, workerThreads, tls, TransportSetting.AUTO);
    }

    /** A plain-HTTP listener. */
    public ListenConfig(String host, int port, int workerThreads) {
        this(host, port, workerThreads, null);
    }

    /** A listener with one event loop per available processor. */
    public ListenConfig(String host, int port) {
        this(host, port, 0);
    }

    /** The number of event loops to start: {@code workerThreads}, or one per available processor when it is 0. */
    public int effectiveWorkerThreads() {
        return workerThreads > 0 ? workerThreads : Runtime.getRuntime().availableProcessors();
    }

    /** {@code 127.0.0.1:8080}. */
    public static ListenConfig defaults() {
        return ConfigReader.DEFAULT_LISTEN;
    }
}
