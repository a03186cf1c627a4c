package io.eragate.core.exchange;

/**
 * Told once about every client exchange that ends. Called on an event loop: implementations must not block
 * and must not throw (a failure of an observer never affects the client).
 */
@FunctionalInterface
public interface ExchangeObserver {

    /** An observer that ignores everything. */
    ExchangeObserver NONE = outcome -> { };

    /** The exchange described by {@code outcome} has ended. */
    void onOutcome(ExchangeOutcome outcome);

    /** This observer, then {@code next}; a throwing observer does not stop the other. */
    default ExchangeObserver andThen(ExchangeObserver next) {
        ExchangeObserver first = this;
        return outcome -> {
            try {
                first.onOutcome(outcome);
            } finally {
                next.onOutcome(outcome);
            }
        };
    }
}
