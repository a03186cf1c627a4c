package io.eragate.netty.server;

import io.eragate.core.config.TlsConfig;
import io.netty.buffer.ByteBufAllocator;
import io.netty.handler.ssl.ApplicationProtocolConfig;
import io.netty.handler.ssl.ApplicationProtocolNames;
import io.netty.handler.ssl.SslContext;
import io.netty.handler.ssl.SslContextBuilder;
import io.netty.handler.ssl.SslHandler;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * TLS of one listener: TLS 1.2 and 1.3, ALPN {@code http/1.1}, from a PEM certificate chain and key. The files are
 * checked every {@code reloadInterval} on a thread of their own (never an event loop) and loaded again when their
 * modification time or size changes; new connections then get the new certificate while open ones keep theirs, so a
 * certificate rotates without a restart or a dropped connection. A rotated pair that does not load is logged and the
 * previous one stays in use.
 */
public final class ServerTls implements AutoCloseable {
    private static final Logger log = LoggerFactory.getLogger(ServerTls.class);
    private static final List<String> PROTOCOLS = List.of("TLSv1.3", "TLSv1.2");

    private final String listener;
    private final Path certificate;
    private final Path privateKey;
    private final ScheduledExecutorService watcher;
    private volatile SslContext context;
    private String loadedStamp;

    private ServerTls(String listener, TlsConfig config) {
        this.listener = listener;
        this.certificate = Path.of(config.certificate());
        this.privateKey = Path.of(config.privateKey());
        this.watcher = Executors.newSingleThreadScheduledExecutor(runnable -> {
            Thread thread = new Thread(runnable, "eragate-tls-" + listener);
            thread.setDaemon(true);
            return thread;
        });
    }

    /**
     * Loads the pair of {@code config} and starts watching it.
     *
     * @throws IllegalArgumentException when the files cannot be read or do not hold a matching certificate and key
     */
    public static ServerTls start(String listener, TlsConfig config) {
        Objects.requireNonNull(config, "config");
        ServerTls tls = new ServerTls(listener, config);
        try {
            tls.context = tls.load();
        } catch (IOException | RuntimeException e) {
            tls.watcher.shutdownNow();
            throw new IllegalArgumentException(listener + ".tls: cannot load " + config.certificate() + " and "
                    + config.privateKey() + ": " + e.getMessage(), e);
        }
        long every = config.reloadInterval().toMillis();
        tls.watcher.scheduleWithFixedDelay(tls::reloadIfChanged, every, every, TimeUnit.MILLISECONDS);
        return tls;
    }

    /** A handler for a new connection, with the certificate loaded most recently. */
    public SslHandler newHandler(ByteBufAllocator allocator) {
        return context.newHandler(allocator);
    }

    private SslContext load() throws IOException {
        String stamp = stamp();
        SslContext loaded = SslContextBuilder.forServer(certificate.toFile(), privateKey.toFile())
                .protocols(PROTOCOLS)
                .applicationProtocolConfig(new ApplicationProtocolConfig(ApplicationProtocolConfig.Protocol.ALPN,
                        ApplicationProtocolConfig.SelectorFailureBehavior.NO_ADVERTISE,
                        ApplicationProtocolConfig.SelectedListenerFailureBehavior.ACCEPT,
                        ApplicationProtocolNames.HTTP_1_1))
                .build();
        loadedStamp = stamp;
        return loaded;
    }

    private void reloadIfChanged() {
        try {
            if (stamp().equals(loadedStamp)) {
                return;
            }
            context = load();
            log.info("{}: loaded the rotated TLS certificate {}", listener, certificate);
        } catch (IOException | RuntimeException e) {
            log.warn("{}: the TLS certificate or key changed but does not load ({}); keeping the previous one",
                    listener, e.getMessage());
        }
    }

    /** What tells a change: both files' modification times and sizes. */
    private String stamp() throws IOException {
        FileTime certTime = Files.getLastModifiedTime(certificate);
        FileTime keyTime = Files.getLastModifiedTime(privateKey);
        return certTime + "/" + Files.size(certificate) + "/" + keyTime + "/" + Files.size(privateKey);
    }

    @Override
    public void close() {
        watcher.shutdownNow();
    }
}
