package io.jslurm.cli.interactive;

import io.jslurm.cli.opt.Getopt;
import io.jslurm.cli.opt.Option;
import io.jslurm.cli.opt.OptionException;
import io.jslurm.cli.opt.ParsedOptions;
import io.jslurm.cli.submit.AllocationOptions;
import io.jslurm.cli.submit.Command;
import io.jslurm.cli.submit.OptionSource;
import io.jslurm.cli.submit.OptionTarget;
import io.jslurm.cli.submit.RequestValue;
import io.jslurm.cli.submit.SubmitOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * The options srun and salloc read: what to allocate, how to lay out a step's tasks, and how srun handles
 * their I/O. Each command reads its own input variables ({@code SRUN_*}/{@code SALLOC_*}, and for srun inside
 * an allocation {@code SLURM_NTASKS} and {@code SLURM_CPUS_PER_TASK}); the command line wins over them.
 *
 * @param input    {@code -i}: {@code none}, a task id, or a file; empty for the default (stdin to task 0)
 * @param gpuBind  {@code --gpu-bind} as given (for srun also from {@code SLURM_GPU_BIND}), empty when not given
 * @param command  the command and its arguments (everything after the options)
 * @param oversubscribe {@code -s}/{@code --oversubscribe}: the allocation may share cores where the partition has
 *                 OverSubscribe=YES
 * @param exact    srun's {@code --exact}: the step holds only the CPUs its tasks need
 * @param overlap  srun's {@code --overlap}: the step shares the job's CPUs and GPUs with its other steps
 * @param immediate {@code -I}/{@code --immediate[=seconds]} (1 without a value): for srun inside an allocation,
 *                 how long a step waits for the job's other steps to free what it needs; empty to wait as long as
 *                 it takes
 * @param memPerCpu {@code --mem-per-cpu} as given (for srun also from {@code SLURM_MEM_PER_CPU})
 * @param memPerGpu {@code --mem-per-gpu} as given (for srun also from {@code SLURM_MEM_PER_GPU})
 * @param whole    srun's {@code --whole}: the step holds all the job's CPUs on its nodes, even with {@code -c}
 * @param killCommand salloc's {@code -K}/{@code --kill-command[=signal]}: the signal as given ("" for the default)
 *                 to send the command when the allocation is revoked (time limit, scancel); empty when not given
 * @param requestValues sbatch's resource options ({@link AllocationOptions#rows()}: -x, -C, --exclusive,
 *                 --gpus-per-node, --cpus-per-gpu, --contiguous, --mincpus, --tmp) from the command's input
 *                 variables and then the command line, as given: read with sbatch's code for an allocation
 * @param testOnly {@code --test-only}: ask when the allocation would start; allocate nothing
 */
public record InteractiveOptions(
        OptionalInt ntasks,
        OptionalInt nodes,
        OptionalInt ntasksPerNode,
        OptionalInt cpusPerTask,
        String distribution,
        OptionalInt gpusPerTask,
        String gres,
        String gpus,
        Optional<String> memory,
        Optional<String> time,
        String partition,
        String account,
        String qos,
        String jobName,
        String nodelist,
        String workDir,
        boolean label,
        String input,
        String output,
        String error,
        String mpi,
        String gpuBind,
        boolean quiet,
        OptionalInt jobId,
        boolean help,
        boolean version,
        List<String> command,
        boolean oversubscribe,
        boolean exact,
        boolean overlap,
        OptionalInt immediate,
        Optional<String> memPerCpu,
        Optional<String> memPerGpu,
        boolean whole,
        Optional<String> killCommand,
        List<RequestValue> requestValues,
        boolean testOnly) {

    public InteractiveOptions {
        command = List.copyOf(command);
        requestValues = List.copyOf(requestValues);
    }

    /** The rows shared with sbatch; getopt hands back their own {@link Option} objects. */
    private static final List<SubmitOption> REQUEST_ROWS = AllocationOptions.rows();

    private static final List<Option> OPTIONS = List.of(
            Option.value("ntasks", 'n'), Option.value("nodes", 'N'), Option.value("ntasks-per-node"),
            Option.value("cpus-per-task", 'c'), Option.value("distribution", 'm'), Option.value("gpus-per-task"),
            Option.value("gres"), Option.value("gpus", 'G'), Option.value("mem"), Option.value("time", 't'),
            Option.value("partition", 'p'), Option.value("account", 'A'), Option.value("qos", 'q'),
            Option.value("job-name", 'J'), Option.value("nodelist", 'w'), Option.value("chdir", 'D'),
            Option.flag("label", 'l'), Option.value("input", 'i'), Option.value("output", 'o'),
            Option.value("error", 'e'), Option.value("mpi"), Option.flag("quiet", 'Q'), Option.value("jobid"),
            Option.flag("verbose", 'v'), Option.value("export"), Option.flag("help", 'h'), Option.flag("usage"),
            Option.flag("version", 'V'), Option.value("gpu-bind"), Option.flag("oversubscribe", 's'),
            Option.flag("exact"), Option.flag("overlap"),
            new Option("immediate", 'I', Option.Argument.OPTIONAL), Option.value("mem-per-cpu"),
            Option.value("mem-per-gpu"), Option.flag("whole"),
            new Option("kill-command", 'K', Option.Argument.OPTIONAL), Option.flag("test-only"));

    private static List<Option> options() {
        List<Option> all = new ArrayList<>(OPTIONS);
        REQUEST_ROWS.forEach(row -> all.add(row.option()));
        return all;
    }

    private static final List<String> MEMORY_OPTIONS = List.of("mem", "mem-per-cpu", "mem-per-gpu");

    /**
     * @param prefix {@code SRUN_} or {@code SALLOC_}: the command's own input variables
     * @throws OptionException for an unknown option or a value that is not a number where one is needed
     */
    public static InteractiveOptions parse(List<String> args, Map<String, String> env, String prefix) {
        Map<String, String> values = new java.util.HashMap<>();
        envDefault(values, env, prefix + "NTASKS", "ntasks");
        envDefault(values, env, prefix + "NNODES", "nodes");
        envDefault(values, env, prefix + "CPUS_PER_TASK", "cpus-per-task");
        envDefault(values, env, prefix + "PARTITION", "partition");
        envDefault(values, env, prefix + "ACCOUNT", "account");
        envDefault(values, env, prefix + "TIMELIMIT", "time");
        envDefault(values, env, prefix + "JOB_NAME", "job-name");
        envDefault(values, env, prefix + "LABEL", "label");
        envDefault(values, env, prefix + "GPUS_PER_TASK", "gpus-per-task");
        envDefault(values, env, prefix + "DISTRIBUTION", "distribution");
        // srun inside a job takes the job's binding (sbatch and salloc hand theirs on as SLURM_GPU_BIND).
        envDefault(values, env, prefix.equals("SRUN_") ? "SLURM_GPU_BIND" : prefix + "GPU_BIND", "gpu-bind");
        ParsedOptions parsed = new Getopt(options(), true).parse(args);
        List<RequestValue> requestValues = new ArrayList<>(AllocationOptions.fromEnvironment(REQUEST_ROWS,
                prefix.equals("SRUN_") ? Command.SRUN : Command.SALLOC, env));
        boolean layoutGiven = false;
        for (ParsedOptions.Given given : parsed.options()) {
            Optional<SubmitOption> row = REQUEST_ROWS.stream().filter(r -> r.option() == given.option()).findFirst();
            if (row.isPresent()) {
                requestValues.add(new RequestValue(row.get(), given.value(), OptionSource.COMMAND_LINE));
                continue;
            }
            String name = given.option().longName();
            layoutGiven |= name.equals("ntasks") || name.equals("nodes") || name.equals("ntasks-per-node");
            values.put(name, given.value() == null ? "" : given.value());
        }
        if (prefix.equals("SRUN_") && !layoutGiven && !values.containsKey("ntasks")) {
            // Inside an allocation a step takes the job's task count unless told otherwise.
            Optional.ofNullable(env.get("SLURM_NTASKS")).ifPresent(v -> values.put("ntasks", v));
        }
        if (prefix.equals("SRUN_") && MEMORY_OPTIONS.stream().noneMatch(values::containsKey)) {
            // As Slurm's srun: the job's memory option (sbatch and salloc hand it on) unless one is given here.
            envDefault(values, env, "SLURM_MEM_PER_NODE", "mem");
            envDefault(values, env, "SLURM_MEM_PER_CPU", "mem-per-cpu");
            envDefault(values, env, "SLURM_MEM_PER_GPU", "mem-per-gpu");
        }
        if (prefix.equals("SRUN_") && !values.containsKey("cpus-per-task")) {
            Optional.ofNullable(env.get("SLURM_CPUS_PER_TASK")).ifPresent(v -> values.put("cpus-per-task", v));
        }
        return new InteractiveOptions(number(values, "ntasks"), number(values, "nodes"),
                number(values, "ntasks-per-node"), number(values, "cpus-per-task"),
                values.getOrDefault("distribution", ""), gpuCount(values.get("gpus-per-task")),
                values.getOrDefault("gres", ""), values.getOrDefault("gpus", ""),
                Optional.ofNullable(values.get("mem")), Optional.ofNullable(values.get("time")),
                values.getOrDefault("partition", ""), values.getOrDefault("account", ""),
                values.getOrDefault("qos", ""), values.getOrDefault("job-name", ""),
                values.getOrDefault("nodelist", ""), values.getOrDefault("chdir", ""), values.containsKey("label"),
                values.getOrDefault("input", ""), values.getOrDefault("output", ""),
                values.getOrDefault("error", ""), values.getOrDefault("mpi", ""), values.getOrDefault("gpu-bind", ""),
                values.containsKey("quiet"),
                number(values, "jobid"), values.containsKey("help") || values.containsKey("usage"),
                values.containsKey("version"), new ArrayList<>(parsed.operands()), values.containsKey("oversubscribe"),
                values.containsKey("exact"), values.containsKey("overlap"), immediate(values.get("immediate")),
                Optional.ofNullable(values.get("mem-per-cpu")), Optional.ofNullable(values.get("mem-per-gpu")),
                values.containsKey("whole"), Optional.ofNullable(values.get("kill-command")), requestValues,
                values.containsKey("test-only"));
    }

    /** {@code --exclusive} was given (or its input variable set): for a step, dedicated CPUs. */
    public boolean exclusive() {
        return requestValues.stream().anyMatch(v -> v.option().target() == OptionTarget.EXCLUSIVE);
    }

    /** More than one of {@code --mem}, {@code --mem-per-cpu} and {@code --mem-per-gpu} was given. */
    public boolean memoryConflict() {
        return memory.stream().count() + memPerCpu.stream().count() + memPerGpu.stream().count() > 1;
    }

    private static void envDefault(Map<String, String> values, Map<String, String> env, String variable,
                                   String option) {
        String value = env.get(variable);
        if (value != null && !value.isEmpty()) {
            values.put(option, value);
        }
    }

    private static OptionalInt number(Map<String, String> values, String name) {
        String text = values.get(name);
        if (text == null) {
            return OptionalInt.empty();
        }
        // -N accepts min[-max]; a step or allocation here uses the minimum.
        String first = text.split("-", 2)[0].strip();
        try {
            int value = Integer.parseInt(first);
            if (value < 0) {
                throw new NumberFormatException();
            }
            return OptionalInt.of(value);
        } catch (NumberFormatException e) {
            throw new OptionException("invalid --" + name + " argument: " + text);
        }
    }

    /** {@code -I} alone means one second: resources must be free at once. */
    private static OptionalInt immediate(String text) {
        if (text == null) {
            return OptionalInt.empty();
        }
        if (text.isEmpty()) {
            return OptionalInt.of(1);
        }
        try {
            return OptionalInt.of(Math.max(1, Integer.parseInt(text.strip())));
        } catch (NumberFormatException e) {
            throw new OptionException("invalid --immediate argument: " + text);
        }
    }

    /** {@code --gpus-per-task=[type:]count}. */
    private static OptionalInt gpuCount(String text) {
        if (text == null) {
            return OptionalInt.empty();
        }
        String count = text.substring(text.lastIndexOf(':') + 1);
        try {
            return OptionalInt.of(Integer.parseInt(count));
        } catch (NumberFormatException e) {
            throw new OptionException("invalid --gpus-per-task argument: " + text);
        }
    }
}
