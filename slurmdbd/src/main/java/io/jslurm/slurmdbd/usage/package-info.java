/**
 * What sreport reads: how each cluster's CPUs were used, hour by hour (allocated, down, idle) and by whom,
 * rolled up from job records and the cluster's capacity events into the hourly and daily usage tables.
 */
package io.jslurm.slurmdbd.usage;
