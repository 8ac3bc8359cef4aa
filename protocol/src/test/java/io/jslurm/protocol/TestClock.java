package io.jslurm.protocol;

import java.time.Duration;
import java.time.Instant;
import java.time.InstantSource;

/** A clock tests move by hand. */
public final class TestClock implements InstantSource {
    private volatile Instant now;

    public TestClock(Instant start) {
        this.now = start;
    }

    @Override
    public Instant instant() {
        return now;
    }

    public void advance(Duration by) {
        now = now.plus(by);
    }
}
