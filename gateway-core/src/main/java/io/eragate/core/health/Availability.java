package io.eragate.core.health;

/** What one upstream can do for a request arriving now, as far as the gateway knows without asking it. */
public enum Availability {
    /** It served or accepted a connection last time it was tried. */
    AVAILABLE(true),
    /** Nothing is known yet (no connection tried since start or reload): assumed able to serve. */
    UNTRIED(true),
    /** Its process (or era probe) is starting; none is ready yet. */
    STARTING(false),
    /** Its last connection attempt failed and none has succeeded since. */
    DOWN(false),
    /** Its process crashed repeatedly; restarts are paused for a while. */
    PAUSED(false),
    /** Its process ended and is not restarted ({@code restart: never}), or it is being stopped. */
    STOPPED(false);

    private final boolean canServe;

    Availability(boolean canServe) {
        this.canServe = canServe;
    }

    /** Whether a request routed to this upstream now has a chance to be served. */
    public boolean canServe() {
        return canServe;
    }

    /** The lower-case word the admin endpoints use. */
    public String word() {
        return name().toLowerCase(java.util.Locale.ROOT);
    }
}
