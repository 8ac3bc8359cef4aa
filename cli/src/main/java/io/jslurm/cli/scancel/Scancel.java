package io.jslurm.cli.scancel;

import io.jslurm.cli.client.CommandEnvironment;
import io.jslurm.cli.client.CommandLine;
import io.jslurm.cli.client.Controller;
import io.jslurm.cli.client.ControllerException;
import io.jslurm.cli.client.SlurmErrno;
import io.jslurm.cli.jobs.JobIds;
import io.jslurm.cli.jobs.JobStates;
import io.jslurm.cli.opt.Option;
import io.jslurm.cli.opt.ParsedOptions;
import io.jslurm.common.Version;
import io.jslurm.common.hostlist.Hostlist;
import io.jslurm.common.jobid.JobIdSpec;
import io.jslurm.common.signal.Signal;
import io.jslurm.protocol.proto.CancelJobRequest;
import io.jslurm.protocol.proto.CancelJobResponse;
import io.jslurm.protocol.proto.CancelResult;
import io.jslurm.protocol.proto.JobInfoRequest;
import io.jslurm.protocol.proto.JobInfoResponse;
import io.jslurm.protocol.proto.JobRecord;
import io.jslurm.protocol.proto.JobState;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/** {@code scancel}: cancels or signals jobs, array tasks and steps, by id or by filter. */
public final class Scancel {

    static final String PROGRAM = "scancel";

    private static final List<JobState> CANCELLABLE =
            List.of(JobState.JOB_PENDING, JobState.JOB_RUNNING, JobState.JOB_SUSPENDED);

    private static final List<Option> OPTIONS = List.of(
            Option.value("account", 'A'), Option.flag("batch", 'b'), Option.flag("ctld"), Option.flag("full", 'f'),
            Option.flag("help"), Option.flag("hurry", 'H'), Option.flag("interactive", 'i'),
            Option.value("clusters", 'M'), Option.value("name", 'n'), Option.value("partition", 'p'),
            Option.value("qos", 'q'), Option.flag("quiet", 'Q'), Option.value("reservation", 'R'),
            Option.value("signal", 's'), Option.value("state", 't'), Option.value("user", 'u'), Option.flag("me"),
            Option.flag("usage"), Option.flag("verbose", 'v'), Option.flag("version", 'V'),
            Option.value("nodelist", 'w'), Option.value("wckey"), Option.flag("sibling"));

    private final CommandEnvironment env;
    private final java.io.InputStream in;

    public Scancel(CommandEnvironment env, java.io.InputStream in) {
        this.env = env;
        this.in = in;
    }

    public static void main(String[] args) {
        CommandEnvironment env = CommandEnvironment.ofProcess();
        CommandEnvironment.exitWithoutHooks(env, new Scancel(env, System.in).run(Arrays.asList(args)));
    }

    public int run(List<String> args) {
        PrintStream err = env.err();
        Optional<ParsedOptions> parsed = CommandLine.parse(PROGRAM, OPTIONS, args, err);
        if (parsed.isEmpty()) {
            return 1;
        }
        CancelJobRequest.Builder request = CancelJobRequest.newBuilder();
        boolean interactive = false;
        boolean quiet = false;
        boolean filtered = false;
        boolean selectsNothing = false;
        for (ParsedOptions.Given given : parsed.get().options()) {
            String value = given.value();
            switch (given.option().longName()) {
                case "help", "usage" -> {
                    env.out().print(ScancelHelp.TEXT);
                    return 0;
                }
                case "version" -> {
                    env.out().println(Version.line());
                    return 0;
                }
                case "batch" -> request.setBatchShellOnly(true);
                case "full" -> request.setFull(true);
                case "interactive" -> interactive = true;
                case "quiet" -> quiet = true;
                case "account" -> {
                    request.addAllAccounts(CommandLine.list(value));
                    filtered = true;
                }
                case "name" -> {
                    request.addAllNames(CommandLine.list(value));
                    filtered = true;
                }
                case "partition" -> {
                    request.addAllPartitions(CommandLine.list(value));
                    filtered = true;
                }
                case "qos" -> {
                    request.addAllQos(CommandLine.list(value));
                    filtered = true;
                }
                case "reservation" -> {
                    request.setReservation(value);
                    filtered = true;
                }
                case "wckey" -> {
                    request.setWckey(value);
                    filtered = true;
                }
                case "user" -> {
                    // One user, not a list, checked here before any request, as Slurm's scancel does.
                    if (!env.users().knows(value)) {
                        err.println(PROGRAM + ": error: Invalid user name: " + value);
                        return 1;
                    }
                    request.addUserNames(value);
                    filtered = true;
                }
                case "me" -> {
                    request.addUserNames(env.identity().user());
                    filtered = true;
                }
                case "nodelist" -> {
                    try {
                        request.setNodeList(Hostlist.parse(value).ranged());
                    } catch (IllegalArgumentException bad) {
                        err.println(PROGRAM + ": error: Invalid node list: " + value);
                        return 1;
                    }
                    filtered = true;
                }
                case "state" -> {
                    // One state, not a list: Slurm's scancel takes any job state name or code, any case.
                    String upper = value.toUpperCase(Locale.ROOT);
                    if (!JobStates.isStateName(upper)) {
                        // Slurm's scancel prints these two lines without its name.
                        err.println("Invalid job state specified: " + value);
                        err.println("Valid job states are PENDING, RUNNING, and SUSPENDED");
                        return 1;
                    }
                    Optional<JobState> state = JobStates.stateNamed(upper).filter(CANCELLABLE::contains);
                    state.ifPresent(request::addStates);
                    // Only pending, running and suspended jobs can be cancelled: a filter on any other state
                    // selects no job, and Slurm's scancel then does nothing and exits 0.
                    selectsNothing = state.isEmpty();
                    filtered = true;
                }
                case "signal" -> {
                    try {
                        request.setSignal(Signal.parse(value).number());
                    } catch (IllegalArgumentException bad) {
                        err.println("Unknown job signal: " + value);
                        return 1;
                    }
                }
                default -> {
                    // --hurry, --ctld, clusters, verbosity: nothing to change on one cluster.
                }
            }
        }
        List<String> ids = new ArrayList<>();
        for (String operand : parsed.get().operands()) {
            ids.addAll(JobIds.split(operand));
        }
        for (String id : ids) {
            try {
                request.addTargets(JobIds.target(JobIdSpec.parse(id)));
            } catch (IllegalArgumentException bad) {
                err.println(PROGRAM + ": error: Invalid job id " + id);
                return 1;
            }
        }
        if (ids.isEmpty() && !filtered) {
            err.println(PROGRAM + ": error: No job identification provided");
            return 1;
        }
        if (selectsNothing) {
            return 0;
        }
        CancelJobResponse response;
        try (Controller controller = env.controllers().open()) {
            if (interactive && !confirm(controller, request)) {
                return 0;
            }
            response = controller.call(request.build(), CancelJobResponse.class);
        } catch (ControllerException failed) {
            if (ids.isEmpty()) {
                err.println(PROGRAM + ": error: slurm_load_jobs error: " + failed.getMessage());
            } else {
                for (String id : ids) {
                    err.println(PROGRAM + ": error: " + killError(id, failed.getMessage()));
                }
            }
            return 1;
        }
        int status = 0;
        for (CancelResult result : response.getResultsList()) {
            if (result.getErrorCode() == 0) {
                continue;
            }
            status = 1;
            if (quiet && result.getErrorCode() == SlurmErrno.ESLURM_ALREADY_DONE) {
                continue;
            }
            String text = SlurmErrno.text(result.getErrorCode(), result.getErrorMessage());
            err.println(PROGRAM + ": error: " + killError(describe(result), text));
        }
        return status;
    }

    private static String killError(String id, String text) {
        String what = id.contains(".") ? "step id" : "job id";
        return "Kill job error on " + what + " " + id + ": " + text;
    }

    /** The target as the user would have typed it. */
    private static String describe(CancelResult result) {
        StringBuilder id = new StringBuilder(Integer.toUnsignedString(result.getTarget().getJobId()));
        String tasks = result.getTarget().getArrayTasks();
        if (!tasks.isEmpty()) {
            id.append('_').append(tasks.matches("\\d+") ? tasks : "[" + tasks + "]");
        }
        if (result.getTarget().hasStepId()) {
            id.append('.').append(Integer.toUnsignedString(result.getTarget().getStepId()));
        }
        return id.toString();
    }

    /** {@code -i}: asks about each job; keeps only those answered yes. */
    private boolean confirm(Controller controller, CancelJobRequest.Builder request) throws ControllerException {
        JobInfoRequest.Builder query = JobInfoRequest.newBuilder().setIncludeRequest(true)
                .setOmitScriptAndEnvironment(true);
        request.getTargetsList().forEach(t -> query.addJobIds(t.getJobId()));
        List<JobRecord> jobs = controller.call(query.build(), JobInfoResponse.class).getJobsList();
        BufferedReader answers = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8));
        List<io.jslurm.protocol.proto.JobTarget> kept = new ArrayList<>();
        for (io.jslurm.protocol.proto.JobTarget target : request.getTargetsList()) {
            JobRecord job = jobs.stream().filter(j -> j.getJobId() == target.getJobId()).findFirst()
                    .orElse(JobRecord.getDefaultInstance());
            env.out().print("Cancel job_id=" + Integer.toUnsignedString(target.getJobId()) + " name="
                    + job.getRequest().getName() + " partition=" + job.getRequest().getPartition() + " [y/n]? ");
            env.out().flush();
            String answer;
            try {
                answer = answers.readLine();
            } catch (IOException closed) {
                answer = null;
            }
            if (answer != null && answer.strip().toLowerCase(Locale.ROOT).startsWith("y")) {
                kept.add(target);
            }
        }
        request.clearTargets().addAllTargets(kept);
        return !kept.isEmpty();
    }
}
