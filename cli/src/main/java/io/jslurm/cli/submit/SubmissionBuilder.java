package io.jslurm.cli.submit;

import io.jslurm.common.hostlist.Hostlist;
import io.jslurm.common.time.TimeLimit;
import io.jslurm.common.units.MemorySize;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Set;

/**
 * Collects option values in the order Slurm applies them (script directives, then environment, then command
 * line: a later value replaces an earlier one), then checks the whole and fills in the defaults.
 *
 * <p>Fields are written by the option table's setters in this package.
 */
public final class SubmissionBuilder {

    private final SubmitContext context;
    private OptionSource source = OptionSource.COMMAND_LINE;

    String jobName;
    String partition;
    String qos;
    String account;
    String reservation;
    NodeCount nodes;
    Integer ntasks;
    Integer ntasksPerNode;
    Integer cpusPerTask;
    Integer minCpusPerNode;
    Integer ntasksPerGpu;
    MemorySize tmpDisk;
    String gres;
    String gpus;
    String gpusPerNode;
    String gpusPerTask;
    Integer cpusPerGpu;
    Exclusivity exclusive;
    boolean oversubscribe;
    boolean contiguous;
    Hostlist nodelist;
    Hostlist exclude;
    String constraint;
    TaskDistribution distribution;
    String network;
    TimeLimit timeLimit;
    TimeLimit timeMin;
    String begin;
    String deadline;
    boolean hold;
    Priority priority;
    Integer nice;
    String comment;
    String array;
    String dependency;
    String signal;
    Boolean requeue;
    boolean noKill;
    String input;
    String output;
    String error;
    String workDir;
    OpenMode openMode;
    ExportPolicy export = ExportPolicy.DEFAULT;
    boolean exportGiven;
    Map<String, String> exportFile = Map.of();
    boolean getUserEnv;
    Set<MailType> mailTypes = EnumSet.noneOf(MailType.class);
    String mailUser;
    Integer uid;
    Integer gid;
    String wrap;
    boolean parsable;
    boolean testOnly;
    boolean waitForJob;
    boolean quiet;
    int verbosity;

    /** Memory options seen, by option name; the environment's are judged apart from the rest, as Slurm does. */
    private final Map<String, MemoryRequest> memoryFromEnvironment = new LinkedHashMap<>();
    private final Map<String, MemoryRequest> memoryFromOptions = new LinkedHashMap<>();

    public SubmissionBuilder(SubmitContext context) {
        this.context = Objects.requireNonNull(context, "context is null");
    }

    SubmitContext context() {
        return context;
    }

    /** Applies one option's value, naming {@code from} in any refusal. */
    public void apply(SubmitOption option, String value, OptionSource from) {
        source = from;
        try {
            option.setter().set(this, value);
        } catch (SubmitException refused) {
            throw refused.from(from);
        }
    }

    void memory(String longName, MemoryRequest request) {
        (source.isEnvironment() ? memoryFromEnvironment : memoryFromOptions).put(longName, request);
    }

    /** The value of {@code --wrap} given so far, if any. */
    public Optional<String> wrap() {
        return Optional.ofNullable(wrap);
    }

    /**
     * Checks the options as a whole and applies the client's defaults.
     *
     * @param script          the batch script, already checked
     * @param scriptArguments the words after the script on the command line
     * @param defaultName     the job name when {@code -J} is not given
     */
    public JobSubmission build(JobScript script, List<String> scriptArguments, String defaultName) {
        MemoryRequest memory = chooseMemory();
        Integer tasks = ntasks;
        if (tasks == null && ntasksPerNode != null && nodes != null && nodes.min() > 0) {
            tasks = nodes.min() * ntasksPerNode;
        }
        if (gpusPerTask != null && gpus == null && tasks == null) {
            throw SubmitException.error("Failed to validate job spec. --gpus-per-task used without either --gpus "
                    + "or -n/--ntasks is not allowed.\nInvalid generic resource (gres) specification");
        }
        Resources resources = new Resources(Optional.ofNullable(nodes), optionalInt(tasks),
                optionalInt(ntasksPerNode), optionalInt(cpusPerTask), optionalInt(minCpusPerNode),
                optionalInt(ntasksPerGpu), Optional.ofNullable(memory), Optional.ofNullable(tmpDisk),
                Optional.ofNullable(gres), Optional.ofNullable(gpus), Optional.ofNullable(gpusPerNode),
                Optional.ofNullable(gpusPerTask), optionalInt(cpusPerGpu), Optional.ofNullable(exclusive),
                oversubscribe, contiguous, Optional.ofNullable(nodelist), Optional.ofNullable(exclude),
                Optional.ofNullable(constraint), Optional.ofNullable(distribution), Optional.ofNullable(network));
        Scheduling scheduling = new Scheduling(Optional.ofNullable(partition), Optional.ofNullable(qos),
                Optional.ofNullable(account), Optional.ofNullable(reservation), Optional.ofNullable(timeLimit),
                Optional.ofNullable(timeMin), Optional.ofNullable(begin), Optional.ofNullable(deadline), hold,
                Optional.ofNullable(priority), optionalInt(nice), Optional.ofNullable(comment),
                Optional.ofNullable(array), Optional.ofNullable(dependency), Optional.ofNullable(signal),
                Optional.ofNullable(requeue), noKill);
        String directory = workDir == null ? context.workingDirectory() : absolute(workDir);
        StandardStreams streams = new StandardStreams(input == null ? StandardStreams.NO_INPUT : input,
                output == null ? StandardStreams.defaultOutput(array != null) : output, Optional.ofNullable(error));
        Submitter submitter = context.submitter();
        if (uid != null) {
            submitter = submitter.withUid(uid);
        }
        if (gid != null) {
            submitter = submitter.withGid(gid);
        }
        ClientFlags client = new ClientFlags(parsable, testOnly, waitForJob, quiet, verbosity);
        return new JobSubmission(submitter, jobName == null ? defaultName : jobName, script, scriptArguments,
                directory, streams, Optional.ofNullable(openMode), resources, scheduling, export,
                jobEnvironment(submitter), getUserEnv, mailTypes, Optional.ofNullable(mailUser), client);
    }

    /**
     * Two memory options given together in the script or on the command line (or together in the environment)
     * conflict; one from the script or command line overrides any from the environment.
     */
    private MemoryRequest chooseMemory() {
        if (memoryFromOptions.size() > 1 || memoryFromEnvironment.size() > 1) {
            throw SubmitException.fatal("--mem, --mem-per-cpu, and --mem-per-gpu are mutually exclusive.");
        }
        if (!memoryFromOptions.isEmpty()) {
            return memoryFromOptions.values().iterator().next();
        }
        return memoryFromEnvironment.isEmpty() ? null : memoryFromEnvironment.values().iterator().next();
    }

    /**
     * The submitting environment filtered by {@code --export}, with the variables sbatch adds for the job: they
     * are {@code SLURM_*}, so they pass whatever the rule.
     */
    private Map<String, String> jobEnvironment(Submitter submitter) {
        Map<String, String> submitting = new LinkedHashMap<>(context.environment());
        submitting.put("SLURM_SUBMIT_DIR", context.workingDirectory());
        submitting.put("SLURM_SUBMIT_HOST", submitter.host());
        if (exportGiven) {
            submitting.put("SLURM_EXPORT_ENV", export.text());
        }
        if (getUserEnv) {
            submitting.put("SLURM_GET_USER_ENV", "1");
        }
        Map<String, String> job = export.apply(submitting);
        job.putAll(exportFile);
        return job;
    }

    private String absolute(String path) {
        if (path.startsWith("/")) {
            return path;
        }
        String cwd = context.workingDirectory();
        return cwd.endsWith("/") ? cwd + path : cwd + "/" + path;
    }

    private static OptionalInt optionalInt(Integer value) {
        return value == null ? OptionalInt.empty() : OptionalInt.of(value);
    }
}
