/** Gang time-slicing: which of the jobs sharing cores run in the next SchedulerTimeSlice. */
package io.jslurm.sched.gang;
