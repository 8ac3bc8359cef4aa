package io.jslurm.slurmd.prolog;

/**
 * What follows a failed Prolog or Epilog beyond this node: Slurm drains the node ("Prolog error",
 * "Epilog error") and, for a prolog, requeues the job held.
 */
public interface HookFailures {

    void prologFailed(JobHookContext job, ScriptResult result);

    void epilogFailed(JobHookContext job, ScriptResult result);
}
