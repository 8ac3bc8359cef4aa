package io.jslurm.cli.squeue;

import io.jslurm.cli.client.CommandEnvironment;
import io.jslurm.cli.client.CommandLine;
import io.jslurm.cli.client.Controller;
import io.jslurm.cli.client.ControllerException;
import io.jslurm.cli.format.FormatException;
import io.jslurm.cli.format.OutputFormat;
import io.jslurm.cli.jobs.ArrayTasks;
import io.jslurm.cli.jobs.JobDisplay;
import io.jslurm.cli.jobs.JobIds;
import io.jslurm.cli.jobs.JobJson;
import io.jslurm.cli.jobs.JobStates;
import io.jslurm.cli.opt.Option;
import io.jslurm.cli.opt.ParsedOptions;
import io.jslurm.common.Version;
import io.jslurm.common.hostlist.Hostlist;
import io.jslurm.protocol.proto.JobInfoRequest;
import io.jslurm.protocol.proto.JobInfoResponse;
import io.jslurm.protocol.proto.JobRecord;
import io.jslurm.protocol.proto.StepInfoRequest;
import io.jslurm.protocol.proto.StepInfoResponse;
import io.jslurm.protocol.proto.StepRecord;
import java.io.PrintStream;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/** {@code squeue}: the jobs in the queue, one line each, in Slurm's layouts. */
public final class Squeue {

    static final String PROGRAM = "squeue";
    static final String DEFAULT_FORMAT = "%.18i %.9P %.8j %.8u %.2t %.10M %.6D %R";
    static final String LONG_FORMAT = "%.18i %.9P %.8j %.8u %.8T %.10M %.9l %.6D %R";
    static final String START_FORMAT = "%.18i %.9P %.8j %.8u %.2t %.19S %.6D %20Y %R";
    static final String STEP_FORMAT = "%.15i %.8j %.9P %.8u %.9M %N";

    private static final List<Option> OPTIONS = List.of(
            Option.value("account", 'A'), Option.flag("all", 'a'), Option.flag("array", 'r'),
            Option.flag("noheader", 'h'), Option.flag("help"), Option.flag("hide"), Option.value("iterate", 'i'),
            Option.value("jobs", 'j'), Option.flag("long", 'l'), Option.value("licenses", 'L'),
            Option.value("clusters", 'M'), Option.value("name", 'n'), Option.flag("noconvert"),
            Option.value("format", 'o'), Option.value("Format", 'O'), Option.value("partition", 'p'),
            Option.value("qos", 'q'), Option.value("reservation", 'R'), new Option("steps", 's', Option.Argument.OPTIONAL),
            Option.value("sort", 'S'), Option.flag("start"), Option.value("states", 't'), Option.value("user", 'u'),
            Option.flag("me"), Option.flag("usage"), Option.flag("verbose", 'v'), Option.flag("version", 'V'),
            Option.value("nodelist", 'w'), Option.flag("json"), Option.flag("yaml"), Option.flag("federation"),
            Option.flag("local"), Option.flag("sibling"), Option.flag("only-job-state"));

    private final CommandEnvironment env;

    public Squeue(CommandEnvironment env) {
        this.env = env;
    }

    public static void main(String[] args) {
        CommandEnvironment env = CommandEnvironment.ofProcess();
        CommandEnvironment.exitWithoutHooks(env, new Squeue(env).run(Arrays.asList(args)));
    }

    public int run(List<String> args) {
        return execute(args, null);
    }

    /** The command as if the controller had answered with {@code jobs} (all of them, before any filter). */
    public int show(List<String> args, List<JobRecord> jobs) {
        return execute(args, jobs, null);
    }

    /** {@code squeue --steps} as if the controller had answered with these jobs and steps. */
    public int showSteps(List<String> args, List<JobRecord> jobs, List<StepRecord> steps) {
        return execute(args, jobs, steps);
    }

    private int execute(List<String> args, List<JobRecord> answered) {
        return execute(args, answered, null);
    }

    private int execute(List<String> args, List<JobRecord> answered, List<StepRecord> answeredSteps) {
        PrintStream err = env.err();
        Optional<ParsedOptions> parsed = CommandLine.parse(PROGRAM, OPTIONS, args, err);
        if (parsed.isEmpty()) {
            return 1;
        }
        SqueueOptions options;
        try {
            options = SqueueOptions.from(parsed.get(), env);
        } catch (SqueueOptions.Refused refused) {
            err.println(PROGRAM + ": error: " + refused.getMessage());
            return 1;
        }
        if (options.help()) {
            env.out().print(SqueueHelp.TEXT);
            return 0;
        }
        if (options.version()) {
            env.out().println(Version.line());
            return 0;
        }
        Instant now = env.clock().instant();
        JobDisplay display = new JobDisplay(now, env.zone(), options.noConvert());
        if (options.steps().isPresent()) {
            return steps(options, display, answered, answeredSteps);
        }
        OutputFormat<JobRecord> format;
        List<String> invalid = new ArrayList<>();
        try {
            format = options.layout().parse(JobFields.all(display), invalid);
        } catch (FormatException bad) {
            err.println(PROGRAM + ": error: " + bad.getMessage());
            return 1;
        }
        List<JobRecord> all = answered;
        if (all == null) {
            try (Controller controller = env.controllers().open()) {
                boolean withRequests = needsRequest(options, format);
                all = controller.call(request(options, withRequests), JobInfoResponse.class).getJobsList();
                if (!withRequests && !all.isEmpty() && all.get(0).getPartition().isEmpty()) {
                    // A controller older than JobRecord.partition: only the requests name partitions and jobs.
                    all = controller.call(request(options, true), JobInfoResponse.class).getJobsList();
                }
            } catch (ControllerException failed) {
                err.println("slurm_load_jobs error: " + failed.getMessage());
                return 1;
            }
        }
        List<JobRecord> jobs = select(all, options);
        if (options.json()) {
            JobJson.write(env.out(), CommandLine.typed(PROGRAM, args), env.identity(), clusterOf(jobs), jobs, display);
            return 0;
        }
        reportInvalid("Invalid job format specification: ", invalid);
        print(jobs, options, format, now);
        return 0;
    }

    private int steps(SqueueOptions options, JobDisplay display, List<JobRecord> answered,
                      List<StepRecord> answeredSteps) {
        OutputFormat<StepLine> format;
        List<String> invalid = new ArrayList<>();
        try {
            format = options.layout().parse(StepFields.all(display), invalid);
        } catch (FormatException bad) {
            env.err().println(PROGRAM + ": error: " + bad.getMessage());
            return 1;
        }
        List<JobRecord> all = answered;
        List<StepRecord> steps = answeredSteps;
        if (all == null || steps == null) {
            String loading = "slurm_load_jobs error: ";
            try (Controller controller = env.controllers().open()) {
                all = controller.call(request(options, true), JobInfoResponse.class).getJobsList();
                loading = "slurm_get_job_steps error: ";
                steps = controller.call(StepInfoRequest.getDefaultInstance(), StepInfoResponse.class).getStepsList();
            } catch (ControllerException failed) {
                env.err().println(loading + failed.getMessage());
                return 1;
            }
        }
        reportInvalid("Invalid job step format specification: ", invalid);
        List<StepLine> lines = StepListing.lines(select(all, options), steps, options.steps().get(), display);
        PrintStream out = env.out();
        if (options.longListing()) {
            out.println(CommandLine.dateLine(display.now(), env.zone()));
        }
        if (options.header()) {
            out.println(format.header());
        }
        StringBuilder text = new StringBuilder();
        for (StepLine line : lines) {
            format.appendLine(text, line).append('\n');
        }
        out.print(text);
        return 0;
    }

    /**
     * Slurm's squeue reads its layout only once the controller has answered, so it names the letters and names
     * it does not know (and then prints them as text) only then.
     */
    private void reportInvalid(String what, List<String> invalid) {
        for (String item : invalid) {
            env.err().println(PROGRAM + ": error: " + what + item);
        }
    }

    private static String clusterOf(List<JobRecord> jobs) {
        return jobs.isEmpty() ? "" : jobs.get(0).getClusterName();
    }

    /**
     * Whether the jobs must come with their requests: for JSON, for a filter or sort key on a request field,
     * or for a column that prints one. Without them the answer is about 40 % smaller and decodes faster.
     */
    static boolean needsRequest(SqueueOptions options, OutputFormat<JobRecord> format) {
        if (options.json() || !options.accounts().isEmpty() || !options.qos().isEmpty() || options.sortNeedsRequest()) {
            return true;
        }
        for (var column : format.columns()) {
            if (JobFields.needsRequest(column.field())) {
                return true;
            }
        }
        return false;
    }

    static JobInfoRequest request(SqueueOptions options, boolean includeRequest) {
        JobInfoRequest.Builder request = JobInfoRequest.newBuilder()
                .setShowAll(options.all())
                .setIncludeRequest(includeRequest)
                .setOmitScriptAndEnvironment(true);
        options.users().ifPresent(users -> users.forEach(request::addUserNames));
        options.accounts().forEach(request::addAccounts);
        options.partitions().forEach(request::addPartitions);
        options.qos().forEach(request::addQos);
        options.names().forEach(request::addNames);
        options.nodes().ifPresent(nodes -> request.setNodeList(nodes.ranged()));
        return request.build();
    }

    /** The controller's answer narrowed by every option, arrays collapsed or expanded, then sorted. */
    static List<JobRecord> select(List<JobRecord> all, SqueueOptions options) {
        Set<String> users = options.users().<Set<String>>map(HashSet::new).orElse(Set.of());
        Set<String> accounts = new HashSet<>(options.accounts());
        Set<String> partitions = new HashSet<>(options.partitions());
        Set<String> qos = new HashSet<>(options.qos());
        Set<String> names = new HashSet<>(options.names());
        Set<String> nodes = options.nodes().map(list -> Set.copyOf(list.hosts())).orElse(Set.of());
        List<JobRecord> kept = new ArrayList<>();
        for (JobRecord job : all) {
            if (options.states().map(filter -> !filter.matches(job)).orElse(!JobStates.isActive(job))) {
                continue;
            }
            if (options.users().isPresent() && !users.contains(job.getUserName())
                    && !users.contains(Integer.toUnsignedString(job.getUid()))) {
                continue;
            }
            if (!accounts.isEmpty() && !accounts.contains(job.getRequest().getAccount())) {
                continue;
            }
            if (!partitions.isEmpty() && !anyOf(JobDisplay.partitionOf(job), partitions)) {
                continue;
            }
            if (!qos.isEmpty() && !qos.contains(job.getRequest().getQos())) {
                continue;
            }
            if (!names.isEmpty() && !names.contains(JobDisplay.nameOf(job))) {
                continue;
            }
            if (!nodes.isEmpty() && !onAnyOf(job, nodes)) {
                continue;
            }
            if (!options.jobs().isEmpty() && options.jobs().stream().noneMatch(id -> JobIds.selects(id, job))) {
                continue;
            }
            if (options.start() && job.getState() != io.jslurm.protocol.proto.JobState.JOB_PENDING) {
                continue;
            }
            kept.add(job);
        }
        List<JobRecord> shown = options.expandArrays() ? ArrayTasks.expand(kept) : ArrayTasks.collapse(kept);
        List<JobRecord> sorted = new ArrayList<>(shown);
        sorted.sort(options.sort());
        return sorted;
    }

    private static boolean anyOf(String commaList, Set<String> wanted) {
        for (String item : commaList.split(",")) {
            if (wanted.contains(item)) {
                return true;
            }
        }
        return false;
    }

    private static boolean onAnyOf(JobRecord job, Set<String> nodes) {
        if (job.getNodeList().isEmpty()) {
            return false;
        }
        try {
            for (String host : Hostlist.parse(job.getNodeList()).hosts()) {
                if (nodes.contains(host)) {
                    return true;
                }
            }
        } catch (IllegalArgumentException unreadable) {
            return false;
        }
        return false;
    }

    private void print(List<JobRecord> jobs, SqueueOptions options, OutputFormat<JobRecord> format, Instant now) {
        PrintStream out = env.out();
        if (options.longListing()) {
            out.println(CommandLine.dateLine(now, env.zone()));
        }
        if (options.header()) {
            out.println(format.header());
        }
        StringBuilder lines = new StringBuilder(jobs.size() * 96);
        for (JobRecord job : jobs) {
            format.appendLine(lines, job).append('\n');
        }
        out.print(lines);
    }
}
