package io.jslurm.sched.preempt;

/** What happens to a preempted job (PreemptMode without the GANG and WITHIN flags). */
public enum PreemptMode {
    /** The job is never preempted. */
    OFF,
    /** The job ends in state PREEMPTED. */
    CANCEL,
    /** The job goes back to the queue and runs again later. */
    REQUEUE,
    /** The job's processes are frozen; its cores and GPUs go to the preemptor, its memory stays its own. */
    SUSPEND
}
