package io.jslurm.slurmctld.fairshare;

import io.jslurm.conf.slurm.NodeConfig;
import io.jslurm.conf.slurm.PartitionConfig;
import io.jslurm.conf.slurm.PriorityConfig;
import io.jslurm.conf.slurm.PriorityFlag;
import io.jslurm.sched.priority.ClusterTotals;
import io.jslurm.sched.priority.MultifactorPriority;
import io.jslurm.sched.priority.PriorityFactors;
import io.jslurm.sched.priority.PriorityInputs;
import io.jslurm.sched.priority.PriorityWeights;
import io.jslurm.slurmctld.config.ClusterConfig;
import io.jslurm.slurmctld.job.Hold;
import io.jslurm.slurmctld.job.Job;
import io.jslurm.slurmctld.job.JobSpec;
import io.jslurm.slurmctld.schedule.JobPriority;
import java.time.Instant;
import java.util.HashMap;
import java.util.Map;
import java.util.Objects;
import java.util.OptionalLong;
import java.util.function.Supplier;

/**
 * priority/multifactor for the controller's jobs: the job's age, fair share (from {@link FairShareService}),
 * size, partition PriorityJobFactor, QOS and association priority and TRES, weighted as slurm.conf says.
 */
public final class MultifactorJobPriority implements JobPriority {

    private final Supplier<ClusterConfig> config;
    private final FairShareService fairShare;
    /** Cluster totals and association priorities change only with the configuration or the associations. */
    private volatile Calculator cached;

    public MultifactorJobPriority(Supplier<ClusterConfig> config, FairShareService fairShare) {
        this.config = Objects.requireNonNull(config, "config");
        this.fairShare = Objects.requireNonNull(fairShare, "fairShare");
    }

    @Override
    public long priority(Job job, Instant now) {
        if (job.status().hold() != Hold.NONE) {
            return 0;
        }
        if (job.status().priority() > 0) {
            return job.status().priority();
        }
        return factors(job, now).priority();
    }

    /** The job's factors as sprio shows them. */
    public PriorityFactors factors(Job job, Instant now) {
        ClusterConfig cfg = config.get();
        AccountingView accounts = fairShare.view();
        Calculator calculator = cached;
        if (calculator == null || calculator.config() != cfg || calculator.accounts() != accounts) {
            calculator = new Calculator(cfg, accounts, calculator(cfg, accounts), assocPriorities(accounts),
                    accounts.maxAssocPriority());
            cached = calculator;
        }
        return calculator.priority().factors(inputs(job, cfg, calculator), now);
    }

    public PriorityWeights weights() {
        return weights(config.get().slurm().priority());
    }

    private record Calculator(ClusterConfig config, AccountingView accounts, MultifactorPriority priority,
                              Map<AssocKey, Long> assocPriorities, long maxAssocPriority) {
    }

    private static Map<AssocKey, Long> assocPriorities(AccountingView accounts) {
        Map<AssocKey, Long> priorities = new HashMap<>();
        for (Association a : accounts.associations()) {
            priorities.putIfAbsent(new AssocKey(a.account(), a.user()), a.priority());
        }
        return priorities;
    }

    private PriorityInputs inputs(Job job, ClusterConfig cfg, Calculator calculator) {
        AccountingView accounts = calculator.accounts();
        JobSpec spec = job.spec();
        String partition = spec.partition().split(",")[0];
        int jobFactor = cfg.partition(partition).map(PartitionConfig::priorityJobFactor).orElse(0);
        String account = accounts.accountOf(spec.user(), spec.account());
        long assocPriority = calculator.assocPriorities().getOrDefault(new AssocKey(account, spec.user()), 0L);
        long maxAssoc = calculator.maxAssocPriority();
        long qosPriority = accounts.qosPriorities().getOrDefault(spec.qos().isEmpty() ? "normal" : spec.qos(), 0L);
        int cpus = RequestedTres.cpus(spec);
        int nodes = RequestedTres.nodes(spec);
        Map<String, Double> tres = new HashMap<>();
        tres.put("cpu", (double) cpus);
        tres.put("node", (double) nodes);
        tres.put("mem", (double) spec.resources().memory().mebibytes());
        tres.put("gres/gpu", (double) RequestedTres.gpus(spec.resources().gres()));
        long eligible = job.status().eligibleTime() > 0 ? job.status().eligibleTime() : job.status().submitTime();
        long minutes = spec.resources().timeLimit().filter(l -> !l.isUnlimited())
                .map(l -> l.toDuration().toMinutes()).orElse(0L);
        return new PriorityInputs(Instant.ofEpochSecond(eligible), fairShare.factor(spec.user(), spec.account()),
                maxAssoc > 0 ? Math.min(1.0, (double) assocPriority / maxAssoc) : 0, nodes, cpus, jobFactor,
                qosPriority, tres, spec.nice(), OptionalLong.empty(), minutes);
    }

    private static MultifactorPriority calculator(ClusterConfig cfg, AccountingView accounts) {
        var slurm = cfg.slurm();
        long cpus = 0;
        double memory = 0;
        double gpus = 0;
        for (NodeConfig node : slurm.nodes()) {
            cpus += node.cpus();
            memory += node.realMemory().mebibytes();
            gpus += node.gres().count("gpu");
        }
        int maxJobFactor = slurm.partitions().stream().mapToInt(PartitionConfig::priorityJobFactor).max().orElse(0);
        ClusterTotals totals = new ClusterTotals(Math.max(1, slurm.nodes().size()), Math.max(1, cpus), maxJobFactor,
                accounts.maxQosPriority(), Map.of("cpu", (double) cpus, "node", (double) slurm.nodes().size(),
                        "mem", memory, "gres/gpu", gpus));
        return new MultifactorPriority(weights(slurm.priority()), totals);
    }

    private static PriorityWeights weights(PriorityConfig p) {
        return new PriorityWeights(p.weightAge(), p.weightFairshare(), p.weightJobSize(), p.weightPartition(),
                p.weightQos(), p.weightAssoc(), p.weightTres(), p.maxAge(), p.favorSmall(),
                p.flags().contains(PriorityFlag.SMALL_RELATIVE_TO_TIME));
    }
}
