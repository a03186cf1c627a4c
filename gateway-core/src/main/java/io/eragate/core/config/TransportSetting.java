package io.eragate.core.config;

/**
 * Which native I/O transport the event loops use ({@code listen.transport}). Every choice falls back, with a warning,
 * to the next one that loads here: io_uring, then epoll, then Java NIO, which runs everywhere.
 */
public enum TransportSetting {
    /** The default: epoll on Linux, NIO elsewhere (io_uring is not chosen automatically; see docs/benchmarks.md). */
    AUTO,
    /** Linux io_uring (kernel 5.14 or later, and not disabled by {@code kernel.io_uring_disabled} or seccomp). */
    IO_URING,
    /** Linux epoll. */
    EPOLL,
    /** Java NIO: portable, a few more system calls and copies per request. */
    NIO
}
