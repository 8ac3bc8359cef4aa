/**
 * select/cons_tres: which nodes, cores, memory and GPU devices a job gets.
 *
 * <p>{@link io.jslurm.sched.select.ResourceFit} is the fit function. For each node of the partition it runs the
 * filters ({@code NodeFilter}: state, exclusion, features, exclusivity) and counts the tasks the node can hold
 * ({@code NodeCapacity}); rejected nodes are counted per reason in a {@link io.jslurm.sched.select.RejectionMetric}.
 * The candidates are ranked ({@code Candidate.RANK}: lowest Weight, then best fit, then slurm.conf order), chosen
 * ({@code NodeSelector}), and on each chosen node {@code CorePicker} picks the exact cores and GPUs, keeping a job's
 * cores on the socket of its GPUs.
 *
 * <p>{@link io.jslurm.sched.select.FreeResources} and {@link io.jslurm.sched.select.NodeFree} are working copies
 * of what is free; the fit reads them and never changes them.
 */
package io.jslurm.sched.select;
