package io.jslurm.cli.submit;

import static io.jslurm.cli.submit.Command.SALLOC;
import static io.jslurm.cli.submit.Command.SBATCH;
import static io.jslurm.cli.submit.Command.SRUN;
import static io.jslurm.cli.submit.OptionTarget.*;

import io.jslurm.cli.opt.Option;
import io.jslurm.cli.opt.Option.Argument;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/**
 * The submission options: each with its getopt form, its input environment variables per command, and what its
 * value sets ({@link SubmissionBuilder#set} reads the value). Options Slurm has and jslurm does not yet are
 * declared too, so that they are refused by name and abbreviations stay as ambiguous as they are in Slurm.
 */
public final class SubmitOptions {

    private SubmitOptions() {
    }

    /** Every option sbatch accepts or knows of. */
    public static List<SubmitOption> sbatch() {
        List<SubmitOption> all = new ArrayList<>(shared());
        all.addAll(batchOnly());
        all.addAll(unsupported());
        return List.copyOf(all);
    }

    /** The options sbatch shares with salloc and srun. */
    public static List<SubmitOption> shared() {
        return List.of(
                row("account", 'A', Argument.REQUIRED, ACCOUNT, env("SBATCH_ACCOUNT", "SALLOC_ACCOUNT", "SLURM_ACCOUNT")),
                row("begin", 'b', Argument.REQUIRED, BEGIN, none()),
                row("chdir", 'D', Argument.REQUIRED, CHDIR, none()),
                row("comment", Argument.REQUIRED, COMMENT, none()),
                row("constraint", 'C', Argument.REQUIRED, CONSTRAINT,
                        env("SBATCH_CONSTRAINT", "SALLOC_CONSTRAINT", "SLURM_CONSTRAINT")),
                row("contiguous", Argument.NONE, CONTIGUOUS, none()),
                row("cpus-per-gpu", Argument.REQUIRED, CPUS_PER_GPU,
                        env("SBATCH_CPUS_PER_GPU", "SALLOC_CPUS_PER_GPU", "SLURM_CPUS_PER_GPU")),
                row("cpus-per-task", 'c', Argument.REQUIRED, CPUS_PER_TASK, none()),
                row("deadline", Argument.REQUIRED, DEADLINE, none()),
                row("dependency", 'd', Argument.REQUIRED, DEPENDENCY, env(null, null, "SLURM_DEPENDENCY")),
                row("distribution", 'm', Argument.REQUIRED, DISTRIBUTION,
                        env("SBATCH_DISTRIBUTION", null, "SLURM_DISTRIBUTION")),
                row("error", 'e', Argument.REQUIRED, ERROR, env("SBATCH_ERROR", null, "SLURM_STDERRMODE")),
                row("exclude", 'x', Argument.REQUIRED, EXCLUDE, none()),
                row("exclusive", Argument.OPTIONAL, EXCLUSIVE,
                        env("SBATCH_EXCLUSIVE", "SALLOC_EXCLUSIVE", "SLURM_EXCLUSIVE")),
                row("gid", Argument.REQUIRED, GID, none()),
                row("gpus", 'G', Argument.REQUIRED, GPUS, env("SBATCH_GPUS", "SALLOC_GPUS", "SLURM_GPUS")),
                row("gpus-per-node", Argument.REQUIRED, GPUS_PER_NODE,
                        env("SBATCH_GPUS_PER_NODE", "SALLOC_GPUS_PER_NODE", "SLURM_GPUS_PER_NODE")),
                row("gpus-per-task", Argument.REQUIRED, GPUS_PER_TASK,
                        env("SBATCH_GPUS_PER_TASK", "SALLOC_GPUS_PER_TASK", "SLURM_GPUS_PER_TASK")),
                row("gres", Argument.REQUIRED, GRES, env("SBATCH_GRES", "SALLOC_GRES", "SLURM_GRES")),
                row("hold", 'H', Argument.NONE, HOLD, none()),
                row("input", 'i', Argument.REQUIRED, INPUT, env("SBATCH_INPUT", null, "SLURM_STDINMODE")),
                row("job-name", 'J', Argument.REQUIRED, JOB_NAME, env("SBATCH_JOB_NAME", null, null)),
                row("mail-type", Argument.REQUIRED, MAIL_TYPE, none()),
                row("mail-user", Argument.REQUIRED, MAIL_USER, none()),
                row("mem", Argument.REQUIRED, MEM, env("SBATCH_MEM_PER_NODE", "SALLOC_MEM_PER_NODE", "SLURM_MEM_PER_NODE")),
                row("mem-per-cpu", Argument.REQUIRED, MEM_PER_CPU,
                        env("SBATCH_MEM_PER_CPU", "SALLOC_MEM_PER_CPU", "SLURM_MEM_PER_CPU")),
                row("mem-per-gpu", Argument.REQUIRED, MEM_PER_GPU,
                        env("SBATCH_MEM_PER_GPU", "SALLOC_MEM_PER_GPU", "SLURM_MEM_PER_GPU")),
                row("mincpus", Argument.REQUIRED, MINCPUS, none()),
                row("network", Argument.REQUIRED, NETWORK, env("SBATCH_NETWORK", "SALLOC_NETWORK", "SLURM_NETWORK")),
                row("nice", Argument.OPTIONAL, NICE, none()),
                row("no-kill", 'k', Argument.OPTIONAL, NO_KILL, env("SBATCH_NO_KILL", "SALLOC_NO_KILL", "SLURM_NO_KILL")),
                row("nodelist", 'w', Argument.REQUIRED, NODELIST, none()),
                row("nodes", 'N', Argument.REQUIRED, NODES, none()),
                row("ntasks", 'n', Argument.REQUIRED, NTASKS, env(null, null, "SLURM_NTASKS")),
                row("ntasks-per-gpu", Argument.REQUIRED, NTASKS_PER_GPU, env(null, null, "SLURM_NTASKS_PER_GPU")),
                row("ntasks-per-node", Argument.REQUIRED, NTASKS_PER_NODE, env(null, null, "SLURM_NTASKS_PER_NODE")),
                row("open-mode", Argument.REQUIRED, OPEN_MODE, env("SBATCH_OPEN_MODE", null, "SLURM_OPEN_MODE")),
                row("output", 'o', Argument.REQUIRED, OUTPUT, env("SBATCH_OUTPUT", null, "SLURM_STDOUTMODE")),
                row("oversubscribe", 's', Argument.NONE, OVERSUBSCRIBE, none()),
                row("partition", 'p', Argument.REQUIRED, PARTITION,
                        env("SBATCH_PARTITION", "SALLOC_PARTITION", "SLURM_PARTITION")),
                row("priority", Argument.REQUIRED, PRIORITY, none()),
                row("qos", 'q', Argument.REQUIRED, QOS, env("SBATCH_QOS", "SALLOC_QOS", "SLURM_QOS")),
                row("quiet", 'Q', Argument.NONE, QUIET, none()),
                row("reservation", Argument.REQUIRED, RESERVATION,
                        env("SBATCH_RESERVATION", "SALLOC_RESERVATION", "SLURM_RESERVATION")),
                row("signal", Argument.REQUIRED, SIGNAL, env("SBATCH_SIGNAL", "SALLOC_SIGNAL", "SLURM_SIGNAL")),
                row("time", 't', Argument.REQUIRED, TIME, env("SBATCH_TIMELIMIT", "SALLOC_TIMELIMIT", "SLURM_TIMELIMIT")),
                row("time-min", Argument.REQUIRED, TIME_MIN, none()),
                row("tmp", Argument.REQUIRED, TMP, none()),
                row("uid", Argument.REQUIRED, UID, none()),
                row("usage", Argument.NONE, PRINT, none()),
                row("verbose", 'v', Argument.NONE, VERBOSE, env("SBATCH_DEBUG", "SALLOC_DEBUG", "SLURM_DEBUG")),
                row("version", 'V', Argument.NONE, PRINT, none()),
                row("help", 'h', Argument.NONE, PRINT, none()));
    }

    /** Options only sbatch has. SLURM_EXPORT_ENV comes before SBATCH_EXPORT so that the latter wins. */
    public static List<SubmitOption> batchOnly() {
        return List.of(
                row("array", 'a', Argument.REQUIRED, ARRAY, sbatchEnv("SBATCH_ARRAY_INX")),
                row("export", Argument.REQUIRED, EXPORT, sbatchEnv("SLURM_EXPORT_ENV", "SBATCH_EXPORT")),
                row("export-file", Argument.REQUIRED, EXPORT_FILE, none()),
                row("get-user-env", Argument.OPTIONAL, GET_USER_ENV, sbatchEnv("SBATCH_GET_USER_ENV")),
                row("gpu-bind", Argument.REQUIRED, GPU_BIND, sbatchEnv("SBATCH_GPU_BIND")),
                row("no-requeue", Argument.NONE, NO_REQUEUE, sbatchEnv("SBATCH_NO_REQUEUE")),
                row("parsable", Argument.NONE, PARSABLE, none()),
                row("requeue", Argument.NONE, REQUEUE, sbatchEnv("SBATCH_REQUEUE")),
                row("test-only", Argument.NONE, TEST_ONLY, none()),
                row("wait", 'W', Argument.NONE, WAIT, sbatchEnv("SBATCH_WAIT")),
                row("wrap", Argument.REQUIRED, WRAP, none()));
    }

    /** Options Slurm's sbatch has that jslurm refuses by name until it supports them. */
    static List<SubmitOption> unsupported() {
        List<SubmitOption> rows = new ArrayList<>();
        for (String name : List.of("acctg-freq", "batch", "bb", "bbf", "cluster-constraint", "container",
                "context", "cores-per-socket", "cpu-freq", "delay-boot", "gpu-freq", "gpus-per-socket",
                "gres-flags", "hint", "kill-on-invalid-dep", "mcs-label", "mem-bind", "ntasks-per-core",
                "ntasks-per-socket", "power", "profile", "sockets-per-node", "switches", "thread-spec",
                "threads-per-core", "wait-all-nodes", "wckey")) {
            rows.add(row(name, Argument.REQUIRED, UNSUPPORTED, none()));
        }
        rows.add(row("clusters", 'M', Argument.REQUIRED, UNSUPPORTED, none()));
        rows.add(row("core-spec", 'S', Argument.REQUIRED, UNSUPPORTED, none()));
        rows.add(row("extra-node-info", 'B', Argument.REQUIRED, UNSUPPORTED, none()));
        rows.add(row("licenses", 'L', Argument.REQUIRED, UNSUPPORTED, none()));
        rows.add(row("nodefile", 'F', Argument.REQUIRED, UNSUPPORTED, none()));
        rows.add(row("overcommit", 'O', Argument.NONE, UNSUPPORTED, none()));
        rows.add(row("propagate", Argument.OPTIONAL, UNSUPPORTED, none()));
        for (String name : List.of("ignore-pbs", "reboot", "spread-job", "use-min-nodes")) {
            rows.add(row(name, Argument.NONE, UNSUPPORTED, none()));
        }
        return rows;
    }

    private static SubmitOption row(String longName, char shortName, Argument argument, OptionTarget target,
            Map<Command, List<String>> environment) {
        return new SubmitOption(new Option(longName, shortName, argument), environment, target);
    }

    private static SubmitOption row(String longName, Argument argument, OptionTarget target,
            Map<Command, List<String>> environment) {
        return row(longName, (char) 0, argument, target, environment);
    }

    private static Map<Command, List<String>> none() {
        return Map.of();
    }

    /** The variables for sbatch, salloc and srun in that order; null where the command has none. */
    private static Map<Command, List<String>> env(String sbatch, String salloc, String srun) {
        Map<Command, List<String>> names = new EnumMap<>(Command.class);
        if (sbatch != null) {
            names.put(SBATCH, List.of(sbatch));
        }
        if (salloc != null) {
            names.put(SALLOC, List.of(salloc));
        }
        if (srun != null) {
            names.put(SRUN, List.of(srun));
        }
        return names;
    }

    private static Map<Command, List<String>> sbatchEnv(String... names) {
        return Map.of(SBATCH, List.of(names));
    }
}
