package io.eragate.bench.load;

/**
 * Hands each connection of a round one of {@code size} request slots (client sessions): the lowest slot that the
 * fewest open connections hold, so that no two connections share a session while there are enough, and shares stay
 * even beyond that. Used on one event loop only.
 */
final class RequestSlots {
    private final int[] holders;

    RequestSlots(int size) {
        if (size < 1) {
            throw new IllegalArgumentException("at least one slot: " + size);
        }
        this.holders = new int[size];
    }

    /** A slot for a new connection. */
    int take() {
        int best = 0;
        for (int slot = 1; slot < holders.length && holders[best] > 0; slot++) {
            if (holders[slot] < holders[best]) {
                best = slot;
            }
        }
        holders[best]++;
        return best;
    }

    /** The connection that held {@code slot} closed. */
    void give(int slot) {
        if (holders[slot] == 0) {
            throw new IllegalStateException("slot " + slot + " was not taken");
        }
        holders[slot]--;
    }
}
