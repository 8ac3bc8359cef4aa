/**
 * QOS and association limits (AccountingStorageEnforce=limits) as pure functions: the policy (QOS and the
 * association tree with their limits), the usage of running jobs and a job in, a verdict out. The scheduler asks
 * {@link io.jslurm.sched.limits.LimitCheck#runnable} before it looks for resources; the controller asks
 * {@link io.jslurm.sched.limits.LimitCheck#submittable} at submit.
 */
package io.jslurm.sched.limits;
