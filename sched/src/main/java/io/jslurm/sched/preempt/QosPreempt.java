package io.jslurm.sched.preempt;

import static java.util.Objects.requireNonNull;

import java.util.Optional;
import java.util.Set;

/**
 * What preemption needs to know about one QOS (sacctmgr's Preempt= and PreemptMode=).
 *
 * @param preempts the QOS names whose jobs this QOS's jobs may preempt
 * @param mode     the QOS's own PreemptMode; empty when the cluster's applies
 */
public record QosPreempt(String name, Set<String> preempts, Optional<PreemptMode> mode) {

    public QosPreempt {
        requireNonNull(name, "name is null");
        preempts = Set.copyOf(requireNonNull(preempts, "preempts is null"));
        requireNonNull(mode, "mode is null");
    }
}
