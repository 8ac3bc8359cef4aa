package io.jslurm.slurmctld.job;

/**
 * Who suspended a SUSPENDED job. It decides what happens to the job after a controller restart: the gang scheduler
 * takes back the jobs it suspended and keeps time-slicing them, a job suspended by preemption resumes once its cores
 * are free again, and one an operator suspended stays suspended until {@code scontrol resume} (Slurm tells the same
 * cases apart by the job's priority, 0 for an operator's suspend). Stored by ordinal: constants may only be
 * appended.
 */
public enum SuspendCause {
    /** Not suspended, or suspended before the cause was recorded (read as an operator's suspend). */
    NONE,
    /** {@code scontrol suspend}. */
    OPERATOR,
    /** PreemptMode=SUSPEND: a preemptor took the job's cores. */
    PREEMPTION,
    /** PreemptMode=GANG time-slicing: the job keeps its cores and takes turns on them. */
    GANG
}
