package io.jslurm.slurmdbd.records;

import java.time.Instant;
import java.util.Objects;

/**
 * What identifies one job in accounting: a job id is unique on its cluster only together with the
 * job's submit time, because ids wrap around and a requeued job returns under its id with a new
 * submit time (sacct --duplicates shows each).
 */
public record JobKey(String cluster, long jobId, Instant submitTime) {

    public JobKey {
        Objects.requireNonNull(cluster, "cluster");
        Objects.requireNonNull(submitTime, "submitTime");
        if (cluster.isBlank()) {
            throw new IllegalArgumentException("cluster name is empty");
        }
        if (jobId < 1 || jobId > 0xFFFF_FFFFL) {
            throw new IllegalArgumentException("job id out of range: " + jobId);
        }
        // Kept in whole seconds, as the database does, so a key read back equals the key written.
        submitTime = Instant.ofEpochSecond(submitTime.getEpochSecond());
    }
}
