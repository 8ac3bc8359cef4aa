package io.jslurm.cli.submit;

import io.jslurm.common.dependency.Dependency;
import io.jslurm.common.gres.GresSpec;
import io.jslurm.common.hostlist.Hostlist;
import io.jslurm.common.jobid.ArraySpec;
import io.jslurm.common.signal.SignalSpec;
import io.jslurm.common.time.TimeLimit;
import io.jslurm.common.units.MemorySize;
import java.time.Instant;
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
 */
public final class SubmissionBuilder {

    private final SubmitContext context;
    private OptionSource source = OptionSource.COMMAND_LINE;

    private String jobName;
    private String partition;
    private String qos;
    private String account;
    private String reservation;
    private NodeCount nodes;
    private Integer ntasks;
    private Integer ntasksPerNode;
    private Integer cpusPerTask;
    private Integer minCpusPerNode;
    private Integer ntasksPerGpu;
    private MemorySize tmpDisk;
    private GresSpec gres;
    private GresSpec gpus;
    private GresSpec gpusPerNode;
    private GresSpec gpusPerTask;
    private Integer cpusPerGpu;
    private Exclusivity exclusive;
    private boolean oversubscribe;
    private boolean contiguous;
    private Hostlist nodelist;
    private Hostlist exclude;
    private String constraint;
    private TaskDistribution distribution;
    private String network;
    private TimeLimit timeLimit;
    private TimeLimit timeMin;
    private Instant begin;
    private Instant deadline;
    private boolean hold;
    private Priority priority;
    private Integer nice;
    private String comment;
    private ArraySpec array;
    private Dependency dependency;
    private SignalSpec signal;
    private Boolean requeue;
    private boolean noKill;
    private String input;
    private String output;
    private String error;
    private String workDir;
    private OpenMode openMode;
    private ExportPolicy export = ExportPolicy.DEFAULT;
    private boolean exportGiven;
    private Map<String, String> exportFile = Map.of();
    private boolean getUserEnv;
    private String gpuBind;
    private Set<MailType> mailTypes = EnumSet.noneOf(MailType.class);
    private String mailUser;
    private Integer uid;
    private Integer gid;
    private String wrap;
    private boolean parsable;
    private boolean testOnly;
    private boolean waitForJob;
    private boolean quiet;
    private int verbosity;

    /** Memory options seen, by option name; the environment's are judged apart from the rest, as Slurm does. */
    private final Map<String, MemoryRequest> memoryFromEnvironment = new LinkedHashMap<>();
    private final Map<String, MemoryRequest> memoryFromOptions = new LinkedHashMap<>();

    public SubmissionBuilder(SubmitContext context) {
        this.context = Objects.requireNonNull(context, "context is null");
    }

    /**
     * Applies one option's value (null for a flag, or an optional value not given), naming {@code from} in any
     * refusal.
     */
    public void apply(SubmitOption option, String value, OptionSource from) {
        source = from;
        try {
            set(option.target(), option.longName(), value);
        } catch (SubmitException refused) {
            throw refused.from(from);
        }
    }

    private void set(OptionTarget target, String longName, String value) {
        switch (target) {
            case ACCOUNT -> account = value;
            case ARRAY -> array = OptionValues.array(value);
            case BEGIN -> begin = OptionValues.instant(context, value, longName);
            case CHDIR -> workDir = value;
            case COMMENT -> comment = value;
            case CONSTRAINT -> constraint = value;
            case CONTIGUOUS -> contiguous = true;
            case CPUS_PER_GPU -> cpusPerGpu = OptionValues.positive(value, longName);
            case CPUS_PER_TASK -> cpusPerTask = OptionValues.positive(value, longName);
            case DEADLINE -> deadline = OptionValues.instant(context, value, longName);
            case DEPENDENCY -> dependency = OptionValues.dependency(value);
            case DISTRIBUTION -> distribution = TaskDistribution.parse(value);
            case ERROR -> error = value;
            case EXCLUDE -> exclude = OptionValues.hostlist(context, value, longName);
            case EXCLUSIVE -> exclusive = Exclusivity.parse(value);
            case EXPORT -> {
                export = ExportPolicy.parse(value);
                exportGiven = true;
            }
            case EXPORT_FILE -> exportFile = OptionValues.exportFile(context, value);
            case GET_USER_ENV -> {
                OptionValues.getUserEnv(value);
                getUserEnv = true;
            }
            case GID -> gid = OptionValues.identity(value, longName, context.system().gidOf(value));
            case GPU_BIND -> gpuBind = OptionValues.gpuBind(value);
            case GPUS -> gpus = OptionValues.gpus(value);
            case GPUS_PER_NODE -> gpusPerNode = OptionValues.gpus(value);
            case GPUS_PER_TASK -> gpusPerTask = OptionValues.gpus(value);
            case GRES -> gres = OptionValues.gres(value);
            case HOLD -> hold = true;
            case INPUT -> input = value;
            case JOB_NAME -> jobName = value;
            case MAIL_TYPE -> mailTypes = MailType.parseList(value);
            case MAIL_USER -> mailUser = value;
            case MEM -> memory(longName, new MemoryRequest.PerNode(OptionValues.memory(value, longName)));
            case MEM_PER_CPU -> memory(longName, new MemoryRequest.PerCpu(OptionValues.memory(value, longName)));
            case MEM_PER_GPU -> memory(longName, new MemoryRequest.PerGpu(OptionValues.memory(value, longName)));
            case MINCPUS -> minCpusPerNode = OptionValues.positive(value, longName);
            case NETWORK -> network = value;
            case NICE -> nice = OptionValues.nice(value);
            case NO_KILL -> noKill = value == null || !value.equalsIgnoreCase("off");
            case NO_REQUEUE -> requeue = false;
            case NODELIST -> nodelist = OptionValues.hostlist(context, value, longName);
            case NODES -> nodes = NodeCount.parse(value);
            case NTASKS -> ntasks = OptionValues.positive(value, longName);
            case NTASKS_PER_GPU -> ntasksPerGpu = OptionValues.positive(value, longName);
            case NTASKS_PER_NODE -> ntasksPerNode = OptionValues.positive(value, longName);
            case OPEN_MODE -> openMode = OpenMode.parse(value);
            case OUTPUT -> output = value;
            case OVERSUBSCRIBE -> oversubscribe = true;
            case PARSABLE -> parsable = true;
            case PARTITION -> partition = value;
            case PRIORITY -> priority = Priority.parse(value);
            case QOS -> qos = value;
            case QUIET -> quiet = true;
            case REQUEUE -> requeue = true;
            case RESERVATION -> reservation = value;
            case SIGNAL -> signal = OptionValues.signal(value);
            case TEST_ONLY -> testOnly = true;
            case TIME -> timeLimit = OptionValues.timeLimit(value, longName, true);
            case TIME_MIN -> timeMin = OptionValues.timeLimit(value, longName, false);
            case TMP -> tmpDisk = OptionValues.memory(value, longName);
            case UID -> uid = OptionValues.identity(value, longName, context.system().uidOf(value));
            // SBATCH_DEBUG=0 turns verbosity off; -v and SBATCH_DEBUG=1 add one level.
            case VERBOSE -> verbosity = "0".equals(value) ? 0 : verbosity + 1;
            case WAIT -> waitForJob = true;
            case WRAP -> wrap = value;
            case PRINT -> {
                // Handled by the command before any option is applied.
            }
            case UNSUPPORTED -> throw SubmitException.badOption("--" + longName + " is not supported by jslurm");
        }
    }

    private void memory(String longName, MemoryRequest request) {
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
                    + "or -n/--ntasks is not allowed.\n" + OptionValues.INVALID_GRES);
        }
        Resources resources = resources(tasks, memory);
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
     * The resources asked for so far, as given: salloc and srun take a few of sbatch's options this way and fill in
     * the rest of their request themselves.
     */
    public Resources resources() {
        return resources(ntasks, chooseMemory());
    }

    private Resources resources(Integer tasks, MemoryRequest memory) {
        return new Resources(Optional.ofNullable(nodes), optionalInt(tasks),
                optionalInt(ntasksPerNode), optionalInt(cpusPerTask), optionalInt(minCpusPerNode),
                optionalInt(ntasksPerGpu), Optional.ofNullable(memory), Optional.ofNullable(tmpDisk),
                Optional.ofNullable(gres), Optional.ofNullable(gpus), Optional.ofNullable(gpusPerNode),
                Optional.ofNullable(gpusPerTask), optionalInt(cpusPerGpu), Optional.ofNullable(exclusive),
                oversubscribe, contiguous, Optional.ofNullable(nodelist), Optional.ofNullable(exclude),
                Optional.ofNullable(constraint), Optional.ofNullable(distribution), Optional.ofNullable(network));
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
        if (gpuBind != null) {
            // Slurm's sbatch hands --gpu-bind to the job this way; srun in the script reads it as its own --gpu-bind.
            submitting.put("SLURM_GPU_BIND", gpuBind);
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
