package io.jslurm.slurmctld.config;

import io.jslurm.conf.ConfException;
import io.jslurm.conf.ConfLoader;
import io.jslurm.conf.ConfProblem;
import io.jslurm.conf.LoadedConfig;
import io.jslurm.conf.parse.ConfPair;
import io.jslurm.conf.slurm.PartitionConfig;
import io.jslurm.conf.slurm.SchedulerParameters;
import io.jslurm.conf.slurm.SchedulerPlugin;
import io.jslurm.conf.slurm.SlurmConfig;
import io.jslurm.sched.SchedulerParams;
import io.jslurm.sched.backfill.BackfillParams;
import io.jslurm.sched.select.SelectParams;
import io.jslurm.sched.select.SelectType;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalLong;

/** The configuration the controller runs with: slurm.conf as read, where it came from, and what follows from it. */
public record ClusterConfig(Path slurmConf, LoadedConfig loaded, SchedulerParams schedulerParams) {

    /** Slurm's default credential lifetime, which a requeued job waits out before it starts again. */
    private static final Duration DEFAULT_REQUEUE_DELAY = Duration.ofSeconds(120);
    private static final long MIN_CRED_EXPIRE_SECONDS = 5;

    public ClusterConfig {
        Objects.requireNonNull(slurmConf, "slurmConf");
        Objects.requireNonNull(loaded, "loaded");
        Objects.requireNonNull(schedulerParams, "schedulerParams");
    }

    /** Reads and checks slurm.conf (and gres.conf, cgroup.conf next to it). */
    public static ClusterConfig load(Path slurmConf) {
        LoadedConfig loaded = ConfLoader.fromFileSystem().load(slurmConf);
        ClusterConfig config = new ClusterConfig(slurmConf, loaded, schedulerParams(loaded.slurm()));
        config.requeueDelay();
        return config;
    }

    public SlurmConfig slurm() {
        return loaded.slurm();
    }

    public Optional<PartitionConfig> partition(String name) {
        return slurm().partition(name);
    }

    /** Slurm's JobRequeue: whether batch jobs are requeued after a node failure unless they say otherwise. */
    public boolean jobRequeueDefault() {
        return !"0".equals(setting("JobRequeue", "1"));
    }

    /** Slurm's JobFileAppend=1: output and error files of jobs that do not say otherwise are appended to. */
    public boolean jobFileAppend() {
        return "1".equals(setting("JobFileAppend", "0"));
    }

    /**
     * How long a requeued job waits before it may start again: AuthInfo's cred_expire, as in Slurm, where it
     * also bounds the life of a launch credential.
     *
     * @throws ConfException naming the line when cred_expire is not a whole number of seconds of at least 5
     */
    public Duration requeueDelay() {
        ConfPair authInfo = slurm().settings().get("AuthInfo");
        if (authInfo == null) {
            return DEFAULT_REQUEUE_DELAY;
        }
        Optional<String> credExpire = io.jslurm.protocol.auth.AuthInfo.option(authInfo.value(), "cred_expire");
        if (credExpire.isPresent()) {
            String value = credExpire.get();
            try {
                long seconds = Long.parseLong(value);
                if (seconds >= MIN_CRED_EXPIRE_SECONDS) {
                    return Duration.ofSeconds(seconds);
                }
            } catch (NumberFormatException e) {
                // reported below
            }
            throw new ConfException(List.of(new ConfProblem(ConfProblem.Severity.ERROR, authInfo.location(),
                    "AuthInfo=cred_expire=" + value + " invalid: a number of seconds, at least "
                            + MIN_CRED_EXPIRE_SECONDS)));
        }
        return DEFAULT_REQUEUE_DELAY;
    }

    /** A slurm.conf value as written, or {@code absent} when the file does not set it. */
    public String setting(String key, String absent) {
        var pair = slurm().settings().get(key);
        return pair == null ? absent : pair.value().strip();
    }

    /** SchedulerParameters bf_interval: how long the scheduling loop waits between passes that backfill. */
    public Duration backfillInterval() {
        return Duration.ofSeconds(slurm().scheduling().schedulerParameters().bfIntervalSeconds());
    }

    private static SchedulerParams schedulerParams(SlurmConfig slurm) {
        var scheduling = slurm.scheduling();
        SelectType type = switch (scheduling.selectParameters().mode()) {
            case CR_CPU -> SelectType.CR_CPU;
            case CR_CPU_MEMORY -> SelectType.CR_CPU_MEMORY;
            case CR_CORE -> SelectType.CR_CORE;
            case CR_SOCKET -> SelectType.CR_SOCKET;
            case CR_SOCKET_MEMORY -> SelectType.CR_SOCKET_MEMORY;
            default -> SelectType.CR_CORE_MEMORY;
        };
        var memory = scheduling.memory();
        SelectParams select = new SelectParams(type, mebibytes(memory.defMemPerCpu()),
                mebibytes(memory.defMemPerGpu()), mebibytes(memory.maxMemPerCpu()));
        // SchedulerParameters as written: bf_interval is not a parameter of one pass but decides which passes of
        // the controller's loop include backfill (backfillInterval), and bf_continue has no effect because a pure
        // pass never yields; the other keys shape the pass itself.
        SchedulerParameters sp = scheduling.schedulerParameters();
        BackfillParams backfill = new BackfillParams(scheduling.scheduler() != SchedulerPlugin.BUILTIN,
                Duration.ofMinutes(sp.bfWindowMinutes()), Duration.ofSeconds(sp.bfResolutionSeconds()),
                sp.bfMaxJobTest(), sp.bfContinue(), sp.bfMaxJobUser(), sp.bfMaxJobPart(), sp.bfBusyNodes());
        return new SchedulerParams(select, backfill, sp.defaultQueueDepth());
    }

    private static OptionalLong mebibytes(Optional<io.jslurm.common.units.MemorySize> size) {
        return size.map(s -> OptionalLong.of(s.mebibytes())).orElse(OptionalLong.empty());
    }
}
