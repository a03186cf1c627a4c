package io.eragate.bench.load;

/**
 * Told when a round's measured window opens and closes, on the client's event loop at that very moment, so that
 * resource samples cover exactly the window. Must return quickly.
 */
public interface PhaseListener {

    /** Does nothing. */
    PhaseListener NONE = new PhaseListener() {
        @Override
        public void measureStarted() {
        }

        @Override
        public void measureEnded() {
        }
    };

    void measureStarted();

    void measureEnded();
}
