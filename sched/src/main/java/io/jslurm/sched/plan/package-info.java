/**
 * What a pass returns: starts to verify and commit, reservations (squeue --start), and for every job left pending its
 * Slurm reason, an explanation, per-node rejection counts and, when a reservation is in its way, that job's id.
 */
package io.jslurm.sched.plan;
