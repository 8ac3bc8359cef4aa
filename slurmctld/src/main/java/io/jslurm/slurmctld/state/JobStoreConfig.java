package io.jslurm.slurmctld.state;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Objects;

/**
 * The slurm.conf settings the job store follows, plus how large the journal may grow between snapshots.
 *
 * @param stateSaveLocation StateSaveLocation: where the journal and snapshots live
 * @param firstJobId FirstJobId (Slurm's default 1)
 * @param maxJobId MaxJobId (Slurm's default 67043328); the counter wraps to FirstJobId on reaching it
 * @param minJobAge MinJobAge: how long a finished job stays in the table; zero keeps finished jobs for ever
 * @param snapshotAfterBytes journal bytes after which a snapshot is taken in the background
 */
public record JobStoreConfig(Path stateSaveLocation, long firstJobId, long maxJobId, Duration minJobAge,
                             long snapshotAfterBytes) {

    public static final long DEFAULT_FIRST_JOB_ID = 1;
    public static final long DEFAULT_MAX_JOB_ID = 67_043_328L;
    /** Job ids are 32-bit with the top 6 bits reserved for federation, as in Slurm. */
    public static final long LARGEST_MAX_JOB_ID = 0x03FF_FFFFL;
    public static final Duration DEFAULT_MIN_JOB_AGE = Duration.ofSeconds(300);
    public static final long DEFAULT_SNAPSHOT_AFTER_BYTES = 64L << 20;

    public JobStoreConfig {
        Objects.requireNonNull(stateSaveLocation, "stateSaveLocation");
        Objects.requireNonNull(minJobAge, "minJobAge");
        if (firstJobId < 1 || maxJobId <= firstJobId || maxJobId > LARGEST_MAX_JOB_ID + 1) {
            throw new IllegalArgumentException("need 1 <= FirstJobId < MaxJobId <= " + LARGEST_MAX_JOB_ID
                    + ", got FirstJobId=" + firstJobId + " MaxJobId=" + maxJobId);
        }
        if (minJobAge.isNegative()) {
            throw new IllegalArgumentException("MinJobAge is negative: " + minJobAge);
        }
        if (snapshotAfterBytes < 1) {
            throw new IllegalArgumentException("snapshot threshold must be positive: " + snapshotAfterBytes);
        }
    }

    public static JobStoreConfig defaults(Path stateSaveLocation) {
        return new JobStoreConfig(stateSaveLocation, DEFAULT_FIRST_JOB_ID, DEFAULT_MAX_JOB_ID, DEFAULT_MIN_JOB_AGE,
                DEFAULT_SNAPSHOT_AFTER_BYTES);
    }

    public JobStoreConfig withStateSaveLocation(Path location) {
        return new JobStoreConfig(location, firstJobId, maxJobId, minJobAge, snapshotAfterBytes);
    }

    public JobStoreConfig withJobIds(long first, long max) {
        return new JobStoreConfig(stateSaveLocation, first, max, minJobAge, snapshotAfterBytes);
    }

    public JobStoreConfig withMinJobAge(Duration age) {
        return new JobStoreConfig(stateSaveLocation, firstJobId, maxJobId, age, snapshotAfterBytes);
    }

    public JobStoreConfig withSnapshotAfterBytes(long bytes) {
        return new JobStoreConfig(stateSaveLocation, firstJobId, maxJobId, minJobAge, bytes);
    }
}
