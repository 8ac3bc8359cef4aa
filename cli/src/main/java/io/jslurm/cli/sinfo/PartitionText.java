package io.jslurm.cli.sinfo;

import io.jslurm.cli.jobs.JobDisplay;
import io.jslurm.common.time.TimeLimit;

/** Partition limits as the wire carries them (minutes, 2^32-1 for none) in common's types. */
public final class PartitionText {

    private PartitionText() {
    }

    public static TimeLimit minutes(int minutes) {
        long value = Integer.toUnsignedLong(minutes);
        return value == JobDisplay.UNLIMITED_MINUTES ? TimeLimit.UNLIMITED : TimeLimit.ofMinutes(value);
    }
}
