/** priority/multifactor as a pure function of a job's factors, the weights and the time. */
package io.jslurm.sched.priority;
