package io.jslurm.conf.slurm;

/**
 * Cluster-wide job limits and id range.
 *
 * @param returnToService 0: DOWN nodes stay down; 1: nodes down for not responding return when they
 *                        register with a valid configuration; 2: any DOWN node returns that way
 */
public record JobLimits(int maxJobCount, int maxArraySize, long firstJobId, long maxJobId, int returnToService) {

    public JobLimits {
        if (firstJobId > maxJobId) {
            throw new IllegalArgumentException("FirstJobId " + firstJobId + " is above MaxJobId " + maxJobId);
        }
    }
}
