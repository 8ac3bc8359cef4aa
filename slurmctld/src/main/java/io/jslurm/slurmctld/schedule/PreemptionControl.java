package io.jslurm.slurmctld.schedule;

import io.jslurm.sched.model.RunningJob;
import io.jslurm.sched.plan.Plan;
import io.jslurm.sched.plan.Preemption;
import io.jslurm.sched.plan.Victim;
import io.jslurm.sched.preempt.PreemptInput;
import io.jslurm.sched.preempt.PreemptMode;
import io.jslurm.sched.preempt.PreemptParams;
import io.jslurm.sched.preempt.QosPreempt;
import io.jslurm.slurmctld.config.ClusterConfig;
import io.jslurm.slurmctld.job.Job;
import io.jslurm.slurmctld.job.JobState;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;
import java.util.function.ToLongFunction;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Carries out the preemptions of a plan. A victim with no GraceTime ends at once (PREEMPTED, or requeued); one with
 * GraceTime gets SIGCONT and SIGTERM, keeps its resources and stays RUNNING until the grace time is over, when it
 * ends the same way. Jobs inside their grace time are reported to the scheduler as ending, so it waits for them
 * instead of preempting more. Used by the scheduling thread only.
 */
final class PreemptionControl {

    private static final Logger log = LoggerFactory.getLogger(PreemptionControl.class);
    private static final int SIGCONT = 18;
    private static final int SIGTERM = 15;

    private record Ending(Instant deadline, PreemptMode mode) {
    }

    private final JobControl control;
    private final Supplier<ClusterConfig> config;
    private final QosPreemptSource qos;
    private final ToLongFunction<Job> priority;
    private final Map<Long, Ending> ending = new ConcurrentHashMap<>();

    /** @param priority a running job's priority now, as PriorityType computes it (lower ones are preempted first) */
    PreemptionControl(JobControl control, Supplier<ClusterConfig> config, QosPreemptSource qos,
                      ToLongFunction<Job> priority) {
        this.control = Objects.requireNonNull(control, "control");
        this.config = Objects.requireNonNull(config, "config");
        this.qos = Objects.requireNonNull(qos, "qos");
        this.priority = Objects.requireNonNull(priority, "priority");
    }

    /** The preemption input of a pass at {@code now} over these pending and running jobs. */
    PreemptInput input(ClusterConfig cfg, List<Long> pending, List<RunningJob> running, Instant now) {
        Map<String, QosPreempt> records = qos.qos();
        PreemptParams params = PreemptSettings.of(cfg.slurm(), records);
        if (!params.enabled()) {
            return PreemptInput.NONE;
        }
        Map<Long, String> jobQos = new HashMap<>();
        Map<Long, Long> priorities = new HashMap<>();
        Set<Long> exempt = new HashSet<>();
        for (long id : pending) {
            control.store().get(id).filter(job -> !job.spec().qos().isBlank())
                    .ifPresent(job -> jobQos.put(id, job.spec().qos()));
        }
        for (RunningJob run : running) {
            control.store().get(run.jobId()).ifPresent(job -> {
                if (!job.spec().qos().isBlank()) {
                    jobQos.put(run.jobId(), job.spec().qos());
                }
                priorities.put(run.jobId(), priority.applyAsLong(job));
                if (exempt(job, records, cfg.slurm().scheduling().preemptExemptTime(), now)) {
                    exempt.add(run.jobId());
                }
            });
        }
        ending.keySet().retainAll(running.stream().map(RunningJob::jobId).toList());
        return new PreemptInput(params, jobQos, priorities, ending.keySet(), exempt);
    }

    /** Whether the job has run less than its QOS's PreemptExemptTime, or else the cluster's. */
    private static boolean exempt(Job job, Map<String, QosPreempt> records, Duration clusterExempt, Instant now) {
        QosPreempt record = records.get(job.spec().qos());
        Duration exemptTime = record == null ? clusterExempt : record.exemptTime().orElse(clusterExempt);
        return !exemptTime.isZero()
                && Instant.ofEpochSecond(job.status().startTime()).plus(exemptTime).isAfter(now);
    }

    /** Preempts the plan's victims; runs before the plan's starts are committed. */
    void apply(Plan plan, Instant now) {
        for (Preemption preemption : plan.preemptions()) {
            for (Victim victim : preemption.victims()) {
                try {
                    preempt(victim, preemption.preemptorId(), now);
                } catch (RuntimeException e) {
                    log.warn("preempt: JobId={} not preempted for JobId={}: {}", victim.jobId(),
                            preemption.preemptorId(), e.getMessage());
                }
            }
        }
    }

    private void preempt(Victim victim, long preemptor, Instant now) {
        Optional<Job> job = control.store().get(victim.jobId());
        if (job.isEmpty() || job.get().state() != JobState.RUNNING || ending.containsKey(victim.jobId())) {
            return;
        }
        if (victim.mode() == PreemptMode.SUSPEND) {
            control.suspendForPreemption(victim.jobId(), preemptor);
            return;
        }
        Duration grace = graceTime(job.get());
        log.info("preempt: JobId={} preempted by JobId={} ({}, GraceTime={}s)", job.get().displayId(), preemptor,
                victim.mode(), grace.toSeconds());
        if (grace.isZero()) {
            end(victim.jobId(), victim.mode());
            return;
        }
        ending.put(victim.jobId(), new Ending(now.plus(grace), victim.mode()));
        control.cancel(victim.jobId(), SIGCONT, false, true);
        control.cancel(victim.jobId(), SIGTERM, false, true);
    }

    /** As in Slurm: under preempt/qos the victim's QOS gives the GraceTime, otherwise its partition does. */
    private Duration graceTime(Job victim) {
        ClusterConfig cfg = config.get();
        if (cfg.slurm().scheduling().preemptType() == io.jslurm.conf.slurm.PreemptPlugin.QOS) {
            QosPreempt record = qos.qos().get(victim.spec().qos());
            return record == null ? Duration.ZERO : record.graceTime();
        }
        return cfg.partition(victim.spec().partition()).map(p -> p.graceTime()).orElse(Duration.ZERO);
    }

    /** Ends the victims whose grace time is over. */
    void expire(Instant now) {
        for (var entry : Map.copyOf(ending).entrySet()) {
            if (!entry.getValue().deadline().isAfter(now)) {
                ending.remove(entry.getKey());
                try {
                    end(entry.getKey(), entry.getValue().mode());
                } catch (RuntimeException e) {
                    log.warn("preempt: JobId={} could not be ended after its grace time: {}", entry.getKey(),
                            e.getMessage());
                }
            }
        }
    }

    private void end(long jobId, PreemptMode mode) {
        if (mode == PreemptMode.REQUEUE) {
            control.requeuePreempted(jobId);
        } else {
            control.endPreempted(jobId);
        }
    }
}
