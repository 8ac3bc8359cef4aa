/**
 * Fair share in the controller: usage charged to associations from the jobs that ran (decayed, saved under
 * StateSaveLocation), the association tree read from slurmdbd, and the factors the pure calculation in
 * {@code io.jslurm.sched.fairshare} derives from both, for job priorities, sprio and sshare.
 */
package io.jslurm.slurmctld.fairshare;
