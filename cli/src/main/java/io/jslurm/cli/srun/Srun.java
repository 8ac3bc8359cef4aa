package io.jslurm.cli.srun;

import io.jslurm.cli.client.ClientIdentity;
import io.jslurm.cli.client.ClusterAccess;
import io.jslurm.cli.client.CommandEnvironment;
import io.jslurm.cli.client.Controller;
import io.jslurm.cli.client.ControllerException;
import io.jslurm.cli.interactive.InteractiveAllocation;
import io.jslurm.cli.interactive.InteractiveOptions;
import io.jslurm.cli.interactive.Interrupts;
import io.jslurm.cli.interactive.RequestedResources;
import io.jslurm.cli.submit.Resources;
import io.jslurm.cli.submit.SubmitException;
import io.jslurm.cli.interactive.TimeLimitNotice;
import io.jslurm.cli.interactive.WillRunTest;
import io.jslurm.cli.opt.OptionException;
import io.jslurm.common.gres.GpuBind;
import io.jslurm.common.text.InvalidValueException;
import io.jslurm.conf.ConfException;
import io.jslurm.protocol.auth.LocalHost;
import io.jslurm.protocol.proto.JobDescription;
import io.jslurm.protocol.proto.JobRecord;
import java.io.FileInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Duration;
import java.time.InstantSource;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * srun: runs a job step. Inside an allocation ({@code SLURM_JOB_ID} or {@code --jobid}) the step uses the job's
 * resources; otherwise srun first obtains an allocation of its own, and gives it back when the step ends.
 */
public final class Srun {

    static final String PROGRAM = "srun";
    /** Slurm's srun exits 255 (its fatal()) on a --gpu-bind it cannot read. */
    static final int INVALID_GPU_BIND = 255;

    private final CommandEnvironment env;
    private final InputStream stdin;
    private final String workDir;

    public Srun(CommandEnvironment env, InputStream stdin, String workDir) {
        this.env = env;
        this.stdin = stdin;
        this.workDir = workDir;
    }

    public static void main(String[] args) {
        CommandEnvironment env = CommandEnvironment.ofProcess();
        int status = new Srun(env, System.in, Path.of("").toAbsolutePath().toString()).run(List.of(args));
        CommandEnvironment.exit(env, status);
    }

    public int run(List<String> args) {
        PrintStream err = env.err();
        InteractiveOptions options;
        try {
            options = InteractiveOptions.parse(args, env.environment(), "SRUN_");
        } catch (OptionException e) {
            err.println(PROGRAM + ": " + e.getMessage());
            err.println("Try \"srun --help\" for more information");
            return 1;
        }
        if (options.version()) {
            env.out().println(io.jslurm.common.Version.line());
            return 0;
        }
        if (options.help()) {
            env.out().print(SrunHelp.TEXT);
            return 0;
        }
        if (options.command().isEmpty()) {
            err.println(PROGRAM + ": fatal: No command given to execute.");
            return 1;
        }
        int invalid = StepOptionCheck.check(options, err);
        if (invalid != 0) {
            return invalid;
        }
        if (options.exclusive() && options.overlap()) {
            err.println(PROGRAM + ": error: --exclusive and --overlap are mutually exclusive");
            return 1;
        }
        String mpi = options.mpi().isEmpty() ? env.environment().getOrDefault("SLURM_MPI_TYPE", "none")
                : options.mpi();
        if (!mpi.equals("none") && !mpi.equals("pmi2")) {
            err.println(PROGRAM + ": error: Couldn't load specified plugin name for mpi/" + mpi
                    + ": Plugin init() callback failed (none and pmi2 are available)");
            return 1;
        }
        Optional<GpuBind> gpuBind;
        try {
            gpuBind = options.gpuBind().isEmpty() ? Optional.empty() : Optional.of(GpuBind.parse(options.gpuBind()));
        } catch (InvalidValueException e) {
            err.println(PROGRAM + ": error: " + e.getMessage());
            err.println(PROGRAM + ": error: Invalid --gpu-bind argument: gpu:" + options.gpuBind());
            return INVALID_GPU_BIND;
        }
        NodeLauncher launcher;
        try {
            launcher = NodeLauncher.remote(ClusterAccess.fromEnvironment(env.environment()));
        } catch (IOException | ConfException e) {
            err.println(PROGRAM + ": error: " + e.getMessage());
            return 1;
        }
        try (Controller controller = env.controllers().open()) {
            Optional<Long> jobId = options.jobId().isPresent() ? Optional.of((long) options.jobId().getAsInt())
                    : Optional.ofNullable(env.environment().get("SLURM_JOB_ID")).map(Long::parseLong);
            // --test-only asks about a new allocation, inside one or not, and allocates nothing.
            if (jobId.isPresent() && !options.testOnly()) {
                Optional<String> refused = RequestedResources.refusedInStep(options);
                if (refused.isPresent()) {
                    err.println(PROGRAM + ": error: " + refused.get());
                    return 1;
                }
                return step(controller, launcher, jobId.get(), options, env.environment(), gpuBind).status();
            }
            return allocateAndStep(controller, launcher, options, gpuBind);
        } catch (ControllerException e) {
            env.err().println(PROGRAM + ": error: " + e.getMessage());
            return 1;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return 1;
        }
    }

    private int allocateAndStep(Controller controller, NodeLauncher launcher, InteractiveOptions options,
                                Optional<GpuBind> gpuBind) throws InterruptedException {
        ClientIdentity me = env.identity();
        Resources requested;
        try {
            requested = RequestedResources.forAllocation(options, env.environment(), workDir, me, LocalHost.name());
        } catch (SubmitException refused) {
            env.err().print(refused.render(PROGRAM));
            return refused.exitCode();
        }
        JobDescription request = InteractiveAllocation.request(options, requested, options.command().get(0), Map.of(),
                workDir, me.uid(), me.gid(), me.user(), LocalHost.name());
        if (options.testOnly()) {
            return WillRunTest.run(PROGRAM, controller, request, env.err(), options.quiet());
        }
        InteractiveAllocation allocation = new InteractiveAllocation(PROGRAM, env.controllers(), controller, env.err(),
                Duration.ofMillis(200));
        InteractiveAllocation.Granted granted;
        try {
            granted = allocation.allocate(request, options.quiet());
        } catch (ControllerException e) {
            env.err().println(PROGRAM + ": error: Unable to allocate resources: " + e.getMessage());
            return 1;
        }
        Map<String, String> taskEnv = new HashMap<>(env.environment());
        taskEnv.putAll(InteractiveAllocation.jobEnvironment(granted.job(), workDir, LocalHost.name()));
        StepOutcome outcome = StepOutcome.FAILED;
        try {
            outcome = step(controller, launcher, granted.jobId(), options, taskEnv, gpuBind);
            timedOut(allocation, granted.jobId()).ifPresent(env.err()::println);
        } finally {
            // The job of srun alone is its step: a step the OOM killer ended makes the job OUT_OF_MEMORY, as a batch
            // script's OOM kill makes its job.
            allocation.releaseWithStatus(granted, outcome.status(), outcome.outOfMemory());
        }
        return outcome.status();
    }

    /** The line for an allocation of srun's own that its time limit ended under the step, if it did. */
    private static Optional<String> timedOut(InteractiveAllocation allocation, long jobId) {
        try {
            JobRecord job = allocation.job(jobId);
            return TimeLimitNotice.timedOut(job) ? Optional.of(TimeLimitNotice.allocationRevoked(PROGRAM, job))
                    : Optional.empty();
        } catch (ControllerException e) {
            return Optional.empty();
        }
    }

    /** How a step ended for srun: its exit status, and whether the OOM killer ended one of its tasks. */
    private record StepOutcome(int status, boolean outOfMemory) {
        static final StepOutcome FAILED = new StepOutcome(1, false);
    }

    private StepOutcome step(Controller controller, NodeLauncher launcher, long jobId, InteractiveOptions options,
                     Map<String, String> taskEnv, Optional<GpuBind> gpuBind) throws InterruptedException {
        Optional<Integer> stdinTask;
        InputStream input = stdin;
        String mode = options.input();
        if (mode.equals("none")) {
            stdinTask = Optional.empty();
        } else if (mode.isEmpty() || mode.equals("all")) {
            stdinTask = Optional.of(0);
        } else if (mode.chars().allMatch(Character::isDigit)) {
            stdinTask = Optional.of(Integer.parseInt(mode));
        } else {
            try {
                input = new FileInputStream(mode);
            } catch (IOException e) {
                env.err().println(PROGRAM + ": error: Unable to open input file " + mode + ": " + e.getMessage());
                return StepOutcome.FAILED;
            }
            stdinTask = Optional.of(0);
        }
        StepOutputs outputs = new StepOutputs(env.out(), env.err(), options.output(), options.error(),
                options.label(), env.identity().user());
        StepRun run = new StepRun(controller, launcher, env.out(), env.err(), input, outputs, options.immediate());
        Interrupts interrupts = new Interrupts(InstantSource.system());
        Interrupts.onSigint(() -> {
            String stepId = run.layout().map(l -> l.getJobId() + "." + l.getStepId()).orElse(jobId + "");
            if (interrupts.cancels()) {
                env.err().println(PROGRAM + ": sending Ctrl-C to StepId=" + stepId);
                env.err().println(PROGRAM + ": forcing job termination");
                run.signal(9);
            } else {
                env.err().println(PROGRAM + ": interrupt (one more within 1 sec to abort)");
                run.status().forEach(env.err()::println);
            }
            env.err().flush();
        });
        Map<String, String> stepEnv = new HashMap<>(taskEnv);
        stepEnv.put("SLURM_JOB_ID", Long.toString(jobId));
        // The tasks' slurmd starts a PMI-2 server for the step when it sees this.
        String mpi = options.mpi().isEmpty() ? taskEnv.getOrDefault("SLURM_MPI_TYPE", "none") : options.mpi();
        if (mpi.equals("none")) {
            stepEnv.remove("SLURM_MPI_TYPE");
        } else {
            stepEnv.put("SLURM_MPI_TYPE", mpi);
        }
        try {
            int status = run.run(StepRun.request(jobId, options), stepEnv,
                    options.workDir().isEmpty() ? workDir : options.workDir(), stdinTask, gpuBind);
            if (run.cancelled()) {
                env.err().println(PROGRAM + ": Job step aborted");
            }
            return new StepOutcome(status, run.outOfMemory());
        } catch (ControllerException e) {
            env.err().println(PROGRAM + ": error: Unable to create step for job " + jobId + ": " + e.getMessage());
            return StepOutcome.FAILED;
        } catch (IOException e) {
            env.err().println(PROGRAM + ": error: " + e.getMessage());
            return StepOutcome.FAILED;
        }
    }
}
