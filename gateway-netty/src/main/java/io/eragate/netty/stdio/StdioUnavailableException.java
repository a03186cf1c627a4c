package io.eragate.netty.stdio;

/** No process of a stdio upstream can take a request now; carries the status to answer the client with. */
final class StdioUnavailableException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    private final int status;

    StdioUnavailableException(int status, String why) {
        super(why, null, false, false);
        this.status = status;
    }

    /** 502 (the process cannot be started or will not be restarted) or 503 (busy, paused or shutting down). */
    int status() {
        return status;
    }
}
