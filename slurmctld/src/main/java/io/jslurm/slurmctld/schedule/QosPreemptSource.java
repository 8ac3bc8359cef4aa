package io.jslurm.slurmctld.schedule;

import io.jslurm.sched.preempt.QosPreempt;
import java.util.Map;

/**
 * Where preempt/qos finds each QOS's Preempt= list, PreemptMode and GraceTime. The QOS records live in slurmdbd;
 * the controller reads them from its copy of accounting ({@link AccountingQosPreempt}); without one ({@link #NONE})
 * no QOS preempts another.
 */
@FunctionalInterface
public interface QosPreemptSource {

    QosPreemptSource NONE = Map::of;

    /** The QOS records by name. */
    Map<String, QosPreempt> qos();
}
