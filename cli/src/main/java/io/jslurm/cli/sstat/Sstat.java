package io.jslurm.cli.sstat;

import io.jslurm.cli.client.CommandEnvironment;
import io.jslurm.cli.client.CommandLine;
import io.jslurm.cli.client.Controller;
import io.jslurm.cli.client.ControllerException;
import io.jslurm.cli.client.SlurmErrno;
import io.jslurm.cli.opt.Option;
import io.jslurm.cli.opt.ParsedOptions;
import io.jslurm.cli.sacct.FieldTable;
import io.jslurm.common.Version;
import io.jslurm.common.jobid.JobIdSpec;
import io.jslurm.common.jobid.StepId;
import io.jslurm.common.units.SizeFormatter;
import io.jslurm.protocol.proto.JobInfoRequest;
import io.jslurm.protocol.proto.JobInfoResponse;
import io.jslurm.protocol.proto.StepInfoRequest;
import io.jslurm.protocol.proto.StepInfoResponse;
import io.jslurm.protocol.proto.StepRecord;
import io.jslurm.protocol.proto.StepStatRequest;
import io.jslurm.protocol.proto.StepStatResponse;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;

/**
 * {@code sstat}: what running steps use now. The controller asks each node of the step, whose slurmd reads the
 * step's cgroup there; sstat combines the nodes' answers into one line per step.
 */
public final class Sstat {

    static final String PROGRAM = "sstat";

    static final List<Option> OPTIONS = List.of(
            Option.flag("allsteps", 'a'), Option.value("format", 'o'), Option.value("fields"),
            Option.flag("helpformat", 'e'), Option.flag("help", 'h'), Option.flag("pidformat", 'i'),
            Option.value("jobs", 'j'), Option.flag("noconvert"), Option.flag("noheader", 'n'),
            Option.flag("parsable", 'p'), Option.flag("parsable2", 'P'), Option.flag("usage"),
            Option.flag("verbose", 'v'), Option.flag("version", 'V'));

    private final CommandEnvironment env;

    public Sstat(CommandEnvironment env) {
        this.env = env;
    }

    public static void main(String[] args) {
        CommandEnvironment env = CommandEnvironment.ofProcess();
        CommandEnvironment.exit(env, new Sstat(env).run(Arrays.asList(args)));
    }

    /** What the command line asks for. */
    record Settings(List<JobIdSpec> jobs, List<SstatFields.Field> fields, FieldTable.Mode mode, boolean header,
                    boolean allSteps, boolean verbose, SizeFormatter sizes) {
    }

    /** Why the command ends early: Slurm's {@code fatal} (bad -j) or {@code error} line. */
    private static final class Refused extends Exception {
        private final String kind;

        Refused(String kind, String message) {
            super(message);
            this.kind = kind;
        }
    }

    public int run(List<String> args) {
        Optional<ParsedOptions> parsed = CommandLine.parse(PROGRAM, OPTIONS, args, env.err());
        if (parsed.isEmpty()) {
            return 1;
        }
        Optional<Settings> read;
        try {
            read = settings(parsed.get());
        } catch (Refused refused) {
            env.err().println(PROGRAM + ": " + refused.kind + ": " + refused.getMessage());
            return 1;
        }
        if (read.isEmpty()) {
            return 0;
        }
        Settings settings = read.get();
        List<StatLine> lines = new ArrayList<>();
        try (Controller controller = env.controllers().open()) {
            for (JobIdSpec spec : settings.jobs()) {
                for (long stepId : steps(controller, spec, settings)) {
                    stat(controller, spec.jobId(), stepId, settings).ifPresent(lines::add);
                }
            }
        } catch (ControllerException failed) {
            env.err().println(PROGRAM + ": error: " + failed.getMessage());
            return 1;
        }
        StringBuilder out = new StringBuilder();
        SstatFields.print(settings.fields(), lines, settings.mode(), settings.header(), settings.sizes(), out);
        env.out().print(out);
        return 0;
    }

    /**
     * The steps a {@code -j} item names: its own step, or without one the job's lowest-numbered running step
     * (every running step with {@code -a}).
     */
    private List<Long> steps(Controller controller, JobIdSpec spec, Settings settings) throws ControllerException {
        if (spec.step().isPresent()) {
            return List.of(spec.step().get().value());
        }
        int jobId = (int) spec.jobId();
        List<StepRecord> running;
        try {
            running = controller.call(StepInfoRequest.newBuilder().addJobIds(jobId).build(), StepInfoResponse.class)
                    .getStepsList().stream().filter(s -> s.getJobId() == jobId && s.getState().equals("RUNNING"))
                    .sorted(Comparator.comparingInt(StepRecord::getStepId)).toList();
        } catch (ControllerException failed) {
            if (failed.errno() == SlurmErrno.SLURMCTLD_COMMUNICATIONS_CONNECTION_ERROR) {
                throw failed;
            }
            env.err().println(PROGRAM + ": error: couldn't get steps for job " + spec.jobId());
            return List.of();
        }
        if (running.isEmpty()) {
            boolean known = !controller.call(JobInfoRequest.newBuilder().addJobIds(jobId).build(),
                    JobInfoResponse.class).getJobsList().isEmpty();
            env.err().println(PROGRAM + ": error: " + (known ? "No steps running for job " + spec.jobId()
                    : "couldn't get steps for job " + spec.jobId()));
            return List.of();
        }
        List<Long> ids = running.stream().map(s -> Integer.toUnsignedLong(s.getStepId())).toList();
        return settings.allSteps() ? ids : ids.subList(0, 1);
    }

    /** One step's line; a step that is not running prints nothing (only with -v a word why), as in Slurm. */
    private Optional<StatLine> stat(Controller controller, long jobId, long stepId, Settings settings)
            throws ControllerException {
        String name = jobId + "." + new StepId(stepId);
        if (settings.verbose()) {
            env.err().println(PROGRAM + ": requesting info for StepId=" + name);
        }
        StepStatResponse answer;
        try {
            answer = controller.call(StepStatRequest.newBuilder().setJobId((int) jobId).setStepId((int) stepId)
                    .build(), StepStatResponse.class);
        } catch (ControllerException failed) {
            if (failed.errno() == SlurmErrno.SLURMCTLD_COMMUNICATIONS_CONNECTION_ERROR) {
                throw failed;
            }
            if (failed.errno() == SlurmErrno.ESLURM_INVALID_JOB_ID || failed.errno() == SlurmErrno.ESLURM_ALREADY_DONE) {
                if (settings.verbose()) {
                    env.err().println(PROGRAM + ": StepId=" + name + " has already completed");
                }
            } else {
                env.err().println(PROGRAM + ": error: problem getting step_layout for StepId=" + name + ": "
                        + failed.getMessage());
            }
            return Optional.empty();
        }
        if (answer.getNodesCount() == 0) {
            env.err().println(PROGRAM + ": error: StepId=" + name + " not found running.");
            return Optional.empty();
        }
        return Optional.of(new StatLine(name, answer));
    }

    private Optional<Settings> settings(ParsedOptions parsed) throws Refused {
        List<JobIdSpec> jobs = new ArrayList<>();
        String format = SstatFields.DEFAULT_FORMAT;
        FieldTable.Mode mode = FieldTable.Mode.FIXED;
        boolean header = true;
        boolean allSteps = false;
        boolean verbose = false;
        boolean noConvert = false;
        for (ParsedOptions.Given given : parsed.options()) {
            switch (given.option().longName()) {
                case "help" -> {
                    env.out().print(SstatHelp.TEXT);
                    return Optional.empty();
                }
                case "usage" -> {
                    env.out().print(SstatHelp.USAGE);
                    return Optional.empty();
                }
                case "version" -> {
                    env.out().println(Version.line());
                    return Optional.empty();
                }
                case "helpformat" -> {
                    env.out().print(SstatFields.help());
                    return Optional.empty();
                }
                case "allsteps" -> allSteps = true;
                case "format", "fields" -> format = given.value();
                case "pidformat" -> format = SstatFields.PID_FORMAT;
                case "jobs" -> {
                    for (String item : CommandLine.list(given.value())) {
                        jobs.add(job(item));
                    }
                }
                case "noconvert" -> noConvert = true;
                case "noheader" -> header = false;
                case "parsable" -> mode = FieldTable.Mode.PARSABLE;
                case "parsable2" -> mode = FieldTable.Mode.PARSABLE2;
                case "verbose" -> verbose = true;
                default -> throw new IllegalStateException("unhandled option " + given.option().longName());
            }
        }
        for (String operand : parsed.operands()) {
            // Slurm's sstat takes a job list after the options too.
            for (String item : CommandLine.list(operand)) {
                jobs.add(job(item));
            }
        }
        List<SstatFields.Field> fields;
        try {
            fields = SstatFields.parse(format);
        } catch (IllegalArgumentException invalid) {
            throw new Refused("error", invalid.getMessage());
        }
        if (jobs.isEmpty()) {
            throw new Refused("error", "You didn't give me any jobs to stat.");
        }
        return Optional.of(new Settings(List.copyOf(jobs), fields, mode, header, allSteps, verbose,
                noConvert ? SizeFormatter.noConvert() : SizeFormatter.exact()));
    }

    private static JobIdSpec job(String item) throws Refused {
        try {
            JobIdSpec spec = JobIdSpec.parse(item);
            if (!(spec.selector() instanceof JobIdSpec.Whole)) {
                throw new IllegalArgumentException("not a job or a step");
            }
            return spec;
        } catch (IllegalArgumentException bad) {
            throw new Refused("fatal", "Bad job/step specified: " + item);
        }
    }
}
