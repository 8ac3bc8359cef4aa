/**
 * The values a scheduling pass reads: nodes with their core bitmaps, memory and GPU devices, partitions, running
 * jobs and pending jobs with their resource requests, all in typed numbers (MiB, cores, counts, durations).
 * Slurm's string forms are parsed by the controller before they get here.
 */
package io.jslurm.sched.model;
