package io.eragate.netty.cli;

import io.eragate.core.config.ConfigException;
import io.eragate.core.config.ConfigLoader;
import io.eragate.core.config.ReloadConfig;
import io.eragate.core.reload.ReloadReport;
import io.eragate.netty.server.Operations;
import java.io.IOException;
import java.nio.file.ClosedWatchServiceException;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardWatchEventKinds;
import java.nio.file.WatchKey;
import java.nio.file.WatchService;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Arrays;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import sun.misc.Signal;
import sun.misc.SignalHandler;

/**
 * Reloads the configuration file of a running gateway when it changes (if {@code reload.watch}) and on SIGHUP.
 * A file that does not load or validate is refused with exactly the problems {@code validate-config} prints; the
 * running configuration stays. Reloads run one at a time on one thread of their own, never on an event loop.
 *
 * <p>The directory is watched rather than the file, because editors and Kubernetes ConfigMaps replace a file (a
 * rename, or a symlink swap) rather than write into it; a change is acted on only when the file's content
 * differs from the last one read, and once it has stayed unchanged for {@code reload.debounce}.
 */
final class ConfigReloader implements AutoCloseable {
    private static final Logger log = LoggerFactory.getLogger(ConfigReloader.class);
    private static final Signal HANGUP = new Signal("HUP");

    private final Path file;
    private final Operations operations;
    private final ReloadConfig settings;
    private final ScheduledExecutorService reloads = Executors.newSingleThreadScheduledExecutor(r -> {
        Thread thread = new Thread(r, "eragate-reload");
        thread.setDaemon(true);
        return thread;
    });
    private WatchService watcher;
    private Thread watchThread;
    private SignalHandler previousHangup;
    private ScheduledFuture<?> pending;
    private byte[] lastDigest;

    private ConfigReloader(Path file, Operations operations, ReloadConfig settings) {
        this.file = file.toAbsolutePath();
        this.operations = operations;
        this.settings = settings;
        this.lastDigest = digestOrNull();
    }

    /** Starts watching {@code file} (when {@code settings.watch()}) and handling SIGHUP for {@code operations}. */
    static ConfigReloader start(Path file, Operations operations, ReloadConfig settings) {
        ConfigReloader reloader = new ConfigReloader(file, operations, settings);
        try {
            reloader.previousHangup = Signal.handle(HANGUP, signal -> reloader.reloads.execute(
                    () -> reloader.reload("signal")));
            if (reloader.previousHangup == SignalHandler.SIG_IGN) {
                // A process started with SIGHUP ignored (nohup, some supervisors) keeps it ignored: the JVM installs
                // no handler then, and every SIGHUP is lost without a trace. Say so once, at start.
                log.warn("SIGHUP is ignored by this process (it was started with SIGHUP ignored, as nohup does), so"
                        + " it cannot reload the configuration; {}", settings.watch()
                        ? "editing the file still reloads it (reload.watch)"
                        : "set reload.watch: true, or start the process without ignoring SIGHUP");
            }
        } catch (IllegalArgumentException unavailable) {
            // No SIGHUP on this platform, or the JVM runs with -Xrs: the file watch still reloads.
            log.warn("SIGHUP cannot be handled here ({}); reload by editing the file", unavailable.getMessage());
        }
        if (settings.watch()) {
            reloader.watch();
        }
        return reloader;
    }

    /** Reads, validates and applies the file now, on the caller's thread. */
    ReloadReport reload(String trigger) {
        lastDigest = digestOrNull();
        try {
            return operations.reload(ConfigLoader.load(file), trigger);
        } catch (ConfigException e) {
            return operations.refuse(trigger, e.problems());
        }
    }

    private void watch() {
        Path directory = file.getParent();
        try {
            watcher = FileSystems.getDefault().newWatchService();
            directory.register(watcher, StandardWatchEventKinds.ENTRY_CREATE, StandardWatchEventKinds.ENTRY_MODIFY,
                    StandardWatchEventKinds.ENTRY_DELETE);
        } catch (IOException e) {
            log.warn("Cannot watch {} for changes ({}); SIGHUP still reloads it", directory, e.toString());
            return;
        }
        watchThread = new Thread(this::watchLoop, "eragate-config-watch");
        watchThread.setDaemon(true);
        watchThread.start();
        log.info("Watching {} for changes (reload.watch)", file);
    }

    private void watchLoop() {
        try {
            while (true) {
                WatchKey key = watcher.take();
                key.pollEvents();
                key.reset();
                reloads.execute(this::debounce);
            }
        } catch (InterruptedException | ClosedWatchServiceException e) {
            // Closed: the gateway is stopping.
        }
    }

    /** Runs on the reload thread: (re)arms the timer that reloads once the file has settled. */
    private void debounce() {
        if (pending != null) {
            pending.cancel(false);
        }
        pending = reloads.schedule(() -> {
            byte[] digest = digestOrNull();
            if (!Arrays.equals(digest, lastDigest)) {
                reload("file");
            }
        }, settings.debounce().toMillis(), TimeUnit.MILLISECONDS);
    }

    /** The SHA-256 of the file's bytes, or null when it cannot be read now (a reload then reports why). */
    private byte[] digestOrNull() {
        try {
            return MessageDigest.getInstance("SHA-256").digest(Files.readAllBytes(file));
        } catch (IOException e) {
            return null;
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JVM has SHA-256", e);
        }
    }

    /** Stops watching, restores the previous SIGHUP handling and ends the reload thread. */
    @Override
    public void close() {
        if (previousHangup != null) {
            Signal.handle(HANGUP, previousHangup);
        }
        if (watcher != null) {
            try {
                watcher.close();
            } catch (IOException e) {
                log.debug("Closing the config watcher failed: {}", e.toString());
            }
        }
        reloads.shutdownNow();
        try {
            reloads.awaitTermination(5, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
