/**
 * The job model: what a user asked for ({@link io.jslurm.slurmctld.job.JobSpec}), how the job is doing
 * ({@link io.jslurm.slurmctld.job.JobStatus}), and the state machine that alone decides how it may change
 * ({@link io.jslurm.slurmctld.job.JobTransitions}). All values are immutable; states, codes and reasons print
 * with Slurm's names.
 */
package io.jslurm.slurmctld.job;
