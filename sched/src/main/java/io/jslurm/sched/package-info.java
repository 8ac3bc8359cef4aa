/**
 * The scheduler core: {@link io.jslurm.sched.Scheduler#schedule} takes a {@link io.jslurm.sched.model.ClusterSnapshot},
 * the pending jobs, the time and the slurm.conf parameters, and returns a {@link io.jslurm.sched.plan.Plan}. Nothing
 * here reads a clock, a file or a socket, or starts a thread; the same inputs give the same plan.
 *
 * <p>A pass has two stages. The main pass ({@code MainPass}) walks the queue in strict priority order (PriorityTier,
 * then priority, submit time, job id) and stops a partition at its first job that waits for resources. Backfill
 * ({@link io.jslurm.sched.backfill.BackfillPass}) then plans the future over bf_window: it reserves resources for
 * blocked jobs at their earliest start and starts a lower-priority job now only where it delays no reservation.
 *
 * <p>Propose, then verify: every start in a plan is a proposal. The controller re-checks it against live state with
 * {@link io.jslurm.sched.select.ResourceFit#verify}, the same rules {@link io.jslurm.sched.select.ResourceFit#fit}
 * proposed it with, before committing; {@link io.jslurm.sched.SubmitCheck} answers at submit whether a request
 * could ever run.
 *
 * <p>Not modelled yet: cores shared between jobs (OverSubscribe=YES/FORCE schedule like NO), generic resources other
 * than GPUs, advance reservations, preemption and licenses. QOS and association limits are checked by
 * {@link io.jslurm.sched.limits.LimitCheck} before a job is fitted; a job over a limit does not hold up its partition.
 */
package io.jslurm.sched;
