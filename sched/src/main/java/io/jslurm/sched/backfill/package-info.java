/**
 * sched/backfill: a {@link io.jslurm.sched.backfill.SlotMap} of future availability, built from running jobs' expected
 * ends, and the pass that reserves resources for blocked jobs and starts the jobs that delay no reservation.
 * {@code StartSearch} finds a job's earliest start by re-evaluating each node only where its offer can change.
 */
package io.jslurm.sched.backfill;
