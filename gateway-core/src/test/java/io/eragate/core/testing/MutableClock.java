package io.eragate.core.testing;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;

/**
 * A clock tests move by hand, in UTC; it also drives Caffeine's expiry where a cache reads the time from it. A clock
 * for another zone is refused, since no code under test should need one.
 */
public final class MutableClock extends Clock {

    private volatile Instant now;

    /** A clock standing at {@code start}. */
    public MutableClock(Instant start) {
        this.now = start;
    }

    /** Moves the clock forward by {@code by}. */
    public void advance(Duration by) {
        now = now.plus(by);
    }

    @Override
    public Instant instant() {
        return now;
    }

    @Override
    public ZoneId getZone() {
        return ZoneOffset.UTC;
    }

    @Override
    public Clock withZone(ZoneId zone) {
        throw new IllegalArgumentException("this test clock runs in UTC only, not in " + zone);
    }
}
