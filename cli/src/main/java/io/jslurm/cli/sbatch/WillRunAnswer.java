package io.jslurm.cli.sbatch;

import java.time.Instant;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;

/**
 * The controller's estimate for sbatch, srun and salloc --test-only.
 *
 * @param startTime epoch seconds
 */
public record WillRunAnswer(long startTime, int processors, String nodeList, String partition) {

    private static final DateTimeFormatter SLURM_TIME = DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mm:ss");

    /** The line the command writes to stderr (after its program prefix), with the start in the local time zone. */
    public String describe(long jobId, ZoneId zone) {
        return "Job %d to start at %s using %d processors on nodes %s in partition %s".formatted(jobId,
                SLURM_TIME.format(Instant.ofEpochSecond(startTime).atZone(zone)), processors, nodeList, partition);
    }
}
