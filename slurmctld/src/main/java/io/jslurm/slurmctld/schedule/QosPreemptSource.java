package io.jslurm.slurmctld.schedule;

import io.jslurm.sched.preempt.QosPreempt;
import java.util.Map;

/**
 * Where preempt/qos finds each QOS's Preempt= list and PreemptMode. The QOS records live in slurmdbd; until the
 * controller keeps a cache of them this is the seam to plug it into, and without one no QOS preempts another.
 */
@FunctionalInterface
public interface QosPreemptSource {

    QosPreemptSource NONE = Map::of;

    /** The QOS records by name. */
    Map<String, QosPreempt> qos();
}
