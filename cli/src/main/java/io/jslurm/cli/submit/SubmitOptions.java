package io.jslurm.cli.submit;

import static io.jslurm.cli.submit.Command.SALLOC;
import static io.jslurm.cli.submit.Command.SBATCH;
import static io.jslurm.cli.submit.Command.SRUN;

import io.jslurm.cli.opt.Option;
import io.jslurm.common.hostlist.Hostlist;
import io.jslurm.common.text.InvalidValueException;
import io.jslurm.common.time.TimeLimit;
import io.jslurm.common.units.MemorySize;
import java.io.IOException;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;
import java.util.function.Function;

/**
 * The submission options: each with its getopt form, its input environment variables per command, and how its
 * value enters the submission. Options Slurm has and jslurm does not yet are declared too, so that they are
 * refused by name and abbreviations stay as ambiguous as they are in Slurm.
 */
public final class SubmitOptions {

    /** {@code --nice} without a value. */
    static final int DEFAULT_NICE = 100;
    /** The largest adjustment Slurm accepts either way. */
    static final int MAX_NICE = Integer.MAX_VALUE - 2;

    private SubmitOptions() {
    }

    /** Every option sbatch accepts or knows of, in the order {@code --help} lists them. */
    public static List<SubmitOption> sbatch() {
        List<SubmitOption> all = new ArrayList<>(shared());
        all.addAll(batchOnly());
        all.addAll(unsupported());
        return List.copyOf(all);
    }

    /** The options sbatch shares with salloc and srun. */
    public static List<SubmitOption> shared() {
        return List.of(
                row(Option.value("account", 'A'), env("SBATCH_ACCOUNT", "SALLOC_ACCOUNT", "SLURM_ACCOUNT"),
                        (b, v) -> b.account = v),
                row(Option.value("begin", 'b'), none(), (b, v) -> b.begin = v),
                row(Option.value("chdir", 'D'), none(), (b, v) -> b.workDir = v),
                row(Option.value("comment"), none(), (b, v) -> b.comment = v),
                row(Option.value("constraint", 'C'),
                        env("SBATCH_CONSTRAINT", "SALLOC_CONSTRAINT", "SLURM_CONSTRAINT"), (b, v) -> b.constraint = v),
                row(Option.flag("contiguous"), none(), (b, v) -> b.contiguous = true),
                row(Option.value("cpus-per-gpu"),
                        env("SBATCH_CPUS_PER_GPU", "SALLOC_CPUS_PER_GPU", "SLURM_CPUS_PER_GPU"),
                        (b, v) -> b.cpusPerGpu = positive(v, "cpus-per-gpu")),
                row(Option.value("cpus-per-task", 'c'), none(), (b, v) -> b.cpusPerTask = positive(v, "cpus-per-task")),
                row(Option.value("deadline"), none(), (b, v) -> b.deadline = v),
                row(Option.value("dependency", 'd'), env(null, null, "SLURM_DEPENDENCY"), (b, v) -> b.dependency = v),
                row(Option.value("distribution", 'm'),
                        env("SBATCH_DISTRIBUTION", null, "SLURM_DISTRIBUTION"),
                        (b, v) -> b.distribution = TaskDistribution.parse(v)),
                row(Option.value("error", 'e'), env("SBATCH_ERROR", null, "SLURM_STDERRMODE"), (b, v) -> b.error = v),
                row(Option.value("exclude", 'x'), none(), (b, v) -> b.exclude = hostlist(b, v, "exclude")),
                row(new Option("exclusive", (char) 0, Option.Argument.OPTIONAL),
                        env("SBATCH_EXCLUSIVE", "SALLOC_EXCLUSIVE", "SLURM_EXCLUSIVE"),
                        (b, v) -> b.exclusive = Exclusivity.parse(v)),
                row(Option.value("gid"), none(), (b, v) -> b.gid = identity(v, "gid", b.context().system()::gidOf)),
                row(Option.value("gpus", 'G'), env("SBATCH_GPUS", "SALLOC_GPUS", "SLURM_GPUS"), (b, v) -> b.gpus = v),
                row(Option.value("gpus-per-node"),
                        env("SBATCH_GPUS_PER_NODE", "SALLOC_GPUS_PER_NODE", "SLURM_GPUS_PER_NODE"),
                        (b, v) -> b.gpusPerNode = v),
                row(Option.value("gpus-per-task"),
                        env("SBATCH_GPUS_PER_TASK", "SALLOC_GPUS_PER_TASK", "SLURM_GPUS_PER_TASK"),
                        (b, v) -> b.gpusPerTask = v),
                row(Option.value("gres"), env("SBATCH_GRES", "SALLOC_GRES", "SLURM_GRES"), (b, v) -> b.gres = v),
                row(Option.flag("hold", 'H'), none(), (b, v) -> b.hold = true),
                row(Option.value("input", 'i'), env("SBATCH_INPUT", null, "SLURM_STDINMODE"), (b, v) -> b.input = v),
                row(Option.value("job-name", 'J'), env("SBATCH_JOB_NAME", null, null), (b, v) -> b.jobName = v),
                row(Option.value("mail-type"), none(), (b, v) -> b.mailTypes = MailType.parseList(v)),
                row(Option.value("mail-user"), none(), (b, v) -> b.mailUser = v),
                row(Option.value("mem"), env("SBATCH_MEM_PER_NODE", "SALLOC_MEM_PER_NODE", "SLURM_MEM_PER_NODE"),
                        (b, v) -> b.memory("mem", new MemoryRequest.PerNode(memory(v, "mem")))),
                row(Option.value("mem-per-cpu"),
                        env("SBATCH_MEM_PER_CPU", "SALLOC_MEM_PER_CPU", "SLURM_MEM_PER_CPU"),
                        (b, v) -> b.memory("mem-per-cpu", new MemoryRequest.PerCpu(memory(v, "mem-per-cpu")))),
                row(Option.value("mem-per-gpu"),
                        env("SBATCH_MEM_PER_GPU", "SALLOC_MEM_PER_GPU", "SLURM_MEM_PER_GPU"),
                        (b, v) -> b.memory("mem-per-gpu", new MemoryRequest.PerGpu(memory(v, "mem-per-gpu")))),
                row(Option.value("mincpus"), none(), (b, v) -> b.minCpusPerNode = positive(v, "mincpus")),
                row(Option.value("network"), env("SBATCH_NETWORK", "SALLOC_NETWORK", "SLURM_NETWORK"),
                        (b, v) -> b.network = v),
                row(new Option("nice", (char) 0, Option.Argument.OPTIONAL), none(), (b, v) -> b.nice = nice(v)),
                row(new Option("no-kill", 'k', Option.Argument.OPTIONAL),
                        env("SBATCH_NO_KILL", "SALLOC_NO_KILL", "SLURM_NO_KILL"),
                        (b, v) -> b.noKill = v == null || !v.equalsIgnoreCase("off")),
                row(Option.value("nodelist", 'w'), none(), (b, v) -> b.nodelist = hostlist(b, v, "nodelist")),
                row(Option.value("nodes", 'N'), none(), (b, v) -> b.nodes = NodeCount.parse(v)),
                row(Option.value("ntasks", 'n'), env(null, null, "SLURM_NTASKS"),
                        (b, v) -> b.ntasks = positive(v, "ntasks")),
                row(Option.value("ntasks-per-gpu"), env(null, null, "SLURM_NTASKS_PER_GPU"),
                        (b, v) -> b.ntasksPerGpu = positive(v, "ntasks-per-gpu")),
                row(Option.value("ntasks-per-node"), env(null, null, "SLURM_NTASKS_PER_NODE"),
                        (b, v) -> b.ntasksPerNode = positive(v, "ntasks-per-node")),
                row(Option.value("open-mode"), env("SBATCH_OPEN_MODE", null, "SLURM_OPEN_MODE"),
                        (b, v) -> b.openMode = OpenMode.parse(v)),
                row(Option.value("output", 'o'), env("SBATCH_OUTPUT", null, "SLURM_STDOUTMODE"),
                        (b, v) -> b.output = v),
                row(Option.flag("oversubscribe", 's'), none(), (b, v) -> b.oversubscribe = true),
                row(Option.value("partition", 'p'), env("SBATCH_PARTITION", "SALLOC_PARTITION", "SLURM_PARTITION"),
                        (b, v) -> b.partition = v),
                row(Option.value("priority"), none(), (b, v) -> b.priority = Priority.parse(v)),
                row(Option.value("qos", 'q'), env("SBATCH_QOS", "SALLOC_QOS", "SLURM_QOS"), (b, v) -> b.qos = v),
                row(Option.flag("quiet", 'Q'), none(), (b, v) -> b.quiet = true),
                row(Option.value("reservation"),
                        env("SBATCH_RESERVATION", "SALLOC_RESERVATION", "SLURM_RESERVATION"),
                        (b, v) -> b.reservation = v),
                row(Option.value("signal"), env("SBATCH_SIGNAL", "SALLOC_SIGNAL", "SLURM_SIGNAL"),
                        (b, v) -> b.signal = v),
                row(Option.value("time", 't'), env("SBATCH_TIMELIMIT", "SALLOC_TIMELIMIT", "SLURM_TIMELIMIT"),
                        (b, v) -> b.timeLimit = parsed(v, "time", TimeLimit::parseForJob)),
                row(Option.value("time-min"), none(), (b, v) -> b.timeMin = parsed(v, "time-min", TimeLimit::parse)),
                row(Option.value("tmp"), none(), (b, v) -> b.tmpDisk = memory(v, "tmp")),
                row(Option.value("uid"), none(), (b, v) -> b.uid = identity(v, "uid", b.context().system()::uidOf)),
                row(Option.flag("usage"), none(), (b, v) -> { }),
                row(Option.flag("verbose", 'v'), env("SBATCH_DEBUG", "SALLOC_DEBUG", "SLURM_DEBUG"),
                        (b, v) -> b.verbosity = v != null && v.equals("0") ? 0 : b.verbosity + 1),
                row(Option.flag("version", 'V'), none(), (b, v) -> { }),
                row(Option.flag("help", 'h'), none(), (b, v) -> { }));
    }

    /** Options only sbatch has. */
    public static List<SubmitOption> batchOnly() {
        return List.of(
                row(Option.value("array", 'a'), env("SBATCH_ARRAY_INX", null, null), (b, v) -> b.array = v),
                row(Option.value("export"), envSbatch("SLURM_EXPORT_ENV", "SBATCH_EXPORT"), (b, v) -> {
                    b.export = ExportPolicy.parse(v);
                    b.exportGiven = true;
                }),
                row(Option.value("export-file"), none(), (b, v) -> b.exportFile = exportFile(b, v)),
                row(new Option("get-user-env", (char) 0, Option.Argument.OPTIONAL),
                        envSbatch("SBATCH_GET_USER_ENV"), (b, v) -> b.getUserEnv = true),
                row(Option.flag("no-requeue"), envSbatch("SBATCH_NO_REQUEUE"), (b, v) -> b.requeue = false),
                row(Option.flag("parsable"), none(), (b, v) -> b.parsable = true),
                row(Option.flag("requeue"), envSbatch("SBATCH_REQUEUE"), (b, v) -> b.requeue = true),
                row(Option.flag("test-only"), none(), (b, v) -> b.testOnly = true),
                row(Option.flag("wait", 'W'), envSbatch("SBATCH_WAIT"), (b, v) -> b.waitForJob = true),
                row(Option.value("wrap"), none(), (b, v) -> b.wrap = v));
    }

    /** Options Slurm's command has that jslurm refuses by name until it supports them. */
    static List<SubmitOption> unsupported() {
        List<SubmitOption> rows = new ArrayList<>();
        for (String name : List.of("acctg-freq", "batch", "bb", "bbf", "cluster-constraint", "container",
                "context", "cores-per-socket", "cpu-freq", "delay-boot", "gpu-bind", "gpu-freq", "gpus-per-socket",
                "gres-flags", "hint", "kill-on-invalid-dep", "mcs-label", "mem-bind", "ntasks-per-core",
                "ntasks-per-socket", "power", "profile", "sockets-per-node", "switches", "thread-spec",
                "threads-per-core", "wait-all-nodes", "wckey")) {
            rows.add(refused(Option.value(name)));
        }
        rows.add(refused(Option.value("clusters", 'M')));
        rows.add(refused(Option.value("core-spec", 'S')));
        rows.add(refused(Option.value("extra-node-info", 'B')));
        rows.add(refused(Option.value("licenses", 'L')));
        rows.add(refused(Option.value("nodefile", 'F')));
        rows.add(refused(Option.flag("overcommit", 'O')));
        rows.add(refused(new Option("propagate", (char) 0, Option.Argument.OPTIONAL)));
        for (String name : List.of("ignore-pbs", "reboot", "spread-job", "use-min-nodes")) {
            rows.add(refused(Option.flag(name)));
        }
        return rows;
    }

    private static SubmitOption refused(Option option) {
        String message = "--" + option.longName() + " is not supported by jslurm";
        return new SubmitOption(option, Map.of(), (b, v) -> {
            throw SubmitException.badOption(message);
        });
    }

    private static SubmitOption row(Option option, Map<Command, List<String>> environment,
            SubmitOption.Setter setter) {
        return new SubmitOption(option, environment, setter);
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

    private static Map<Command, List<String>> envSbatch(String... names) {
        return Map.of(SBATCH, List.of(names));
    }

    static int positive(String value, String longName) {
        if (value.isEmpty() || value.length() > 9 || !value.chars().allMatch(c -> c >= '0' && c <= '9')
                || Integer.parseInt(value) == 0) {
            throw SubmitException.invalidNumber(value, longName);
        }
        return Integer.parseInt(value);
    }

    static MemorySize memory(String value, String longName) {
        return parsed(value, longName, MemorySize::parse);
    }

    /** Parses with a shared value format, reporting a failure as Slurm does for the option. */
    static <T> T parsed(String value, String longName, Function<String, T> parser) {
        try {
            return parser.apply(value);
        } catch (InvalidValueException | ArithmeticException invalid) {
            throw SubmitException.invalidSpecification(longName);
        }
    }

    static int nice(String value) {
        if (value == null) {
            return DEFAULT_NICE;
        }
        String digits = value.startsWith("-") || value.startsWith("+") ? value.substring(1) : value;
        if (digits.isEmpty() || digits.length() > 10 || !digits.chars().allMatch(c -> c >= '0' && c <= '9')) {
            throw SubmitException.invalidSpecification("nice");
        }
        long nice = Long.parseLong(value);
        if (Math.abs(nice) > MAX_NICE) {
            throw SubmitException.badOption("Invalid --nice value, out of range (+/- " + MAX_NICE + ")");
        }
        return (int) nice;
    }

    /** A user or group by number or by name. */
    private static int identity(String value, String longName, Function<String, OptionalInt> byName) {
        if (!value.isEmpty() && value.length() <= 10 && value.chars().allMatch(c -> c >= '0' && c <= '9')) {
            long id = Long.parseLong(value);
            if (id <= Integer.MAX_VALUE) {
                return (int) id;
            }
        }
        OptionalInt id = byName.apply(value);
        if (id.isEmpty()) {
            throw SubmitException.invalidSpecification(longName);
        }
        return id.getAsInt();
    }

    /** A host list, or with a slash in it, a file holding one. */
    private static Hostlist hostlist(SubmissionBuilder builder, String value, String longName) {
        String expression = value;
        if (value.indexOf('/') >= 0) {
            try {
                expression = String.join(",", builder.context().system().readFile(value).strip().split("\\s+"));
            } catch (IOException unreadable) {
                throw SubmitException.error("Unable to open file " + value);
            }
        }
        try {
            return Hostlist.parse(expression);
        } catch (IllegalArgumentException invalid) {
            throw SubmitException.invalidSpecification(longName);
        }
    }

    /** Variables as {@code NAME=value}, one per line or separated by NUL characters. */
    private static Map<String, String> exportFile(SubmissionBuilder builder, String path) {
        String text;
        try {
            text = builder.context().system().readFile(path);
        } catch (IOException unreadable) {
            throw SubmitException.error("Could not open user environment file " + path);
        }
        Map<String, String> variables = new LinkedHashMap<>();
        for (String entry : text.split(text.indexOf('\0') >= 0 ? "\0" : "\n")) {
            int equals = entry.indexOf('=');
            if (equals > 0) {
                variables.put(entry.substring(0, equals), entry.substring(equals + 1));
            }
        }
        return variables;
    }
}
