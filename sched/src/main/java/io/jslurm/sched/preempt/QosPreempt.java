package io.jslurm.sched.preempt;

import static java.util.Objects.requireNonNull;

import java.time.Duration;
import java.util.Optional;
import java.util.Set;

/**
 * What preemption needs to know about one QOS (sacctmgr's Preempt=, PreemptMode=, GraceTime= and
 * PreemptExemptTime=).
 *
 * @param preempts  the QOS names whose jobs this QOS's jobs may preempt
 * @param mode      the QOS's own PreemptMode; empty when the cluster's applies
 * @param graceTime  how long a preempted job of this QOS may run on after SIGTERM, under preempt/qos
 * @param exemptTime how long a job of this QOS runs before it may be preempted; empty when the cluster's
 *                   PreemptExemptTime applies
 */
public record QosPreempt(String name, Set<String> preempts, Optional<PreemptMode> mode, Duration graceTime,
        Optional<Duration> exemptTime) {

    public QosPreempt {
        requireNonNull(name, "name is null");
        preempts = Set.copyOf(requireNonNull(preempts, "preempts is null"));
        requireNonNull(mode, "mode is null");
        requireNonNull(graceTime, "graceTime is null");
        requireNonNull(exemptTime, "exemptTime is null");
    }

    /** A QOS without GraceTime or PreemptExemptTime of its own. */
    public QosPreempt(String name, Set<String> preempts, Optional<PreemptMode> mode) {
        this(name, preempts, mode, Duration.ZERO, Optional.empty());
    }
}
