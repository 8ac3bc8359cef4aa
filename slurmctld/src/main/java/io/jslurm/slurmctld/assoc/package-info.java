/**
 * The controller's copy of accounting's users, QOS and associations (Slurm's assoc_mgr): loaded from slurmdbd at
 * start, refreshed periodically, saved under StateSaveLocation so that a restart without slurmdbd still enforces.
 * Used to resolve a job's account and QOS at submit, to feed the scheduler's limit check, and for AdminLevel.
 */
package io.jslurm.slurmctld.assoc;
