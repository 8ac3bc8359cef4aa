package io.jslurm.cli.salloc;

import io.jslurm.cli.client.ClientIdentity;
import io.jslurm.cli.client.CommandEnvironment;
import io.jslurm.cli.client.Controller;
import io.jslurm.cli.client.ControllerException;
import io.jslurm.cli.interactive.InteractiveAllocation;
import io.jslurm.cli.interactive.InteractiveOptions;
import io.jslurm.cli.interactive.Interrupts;
import io.jslurm.cli.interactive.RequestedResources;
import io.jslurm.cli.interactive.WillRunTest;
import io.jslurm.cli.submit.Resources;
import io.jslurm.cli.submit.SubmitException;
import io.jslurm.cli.opt.OptionException;
import io.jslurm.common.gres.GpuBind;
import io.jslurm.common.signal.Signal;
import io.jslurm.common.text.InvalidValueException;
import io.jslurm.protocol.auth.LocalHost;
import io.jslurm.protocol.proto.JobDescription;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * salloc: obtains an allocation, runs a command here (the user's shell by default) with the job's variables, and
 * gives the allocation back when the command ends, exiting with its status.
 */
public final class Salloc {

    static final String PROGRAM = "salloc";
    /** As srun, salloc exits 255 on a --gpu-bind it cannot read. */
    static final int INVALID_GPU_BIND = 255;

    private final CommandEnvironment env;
    private final String workDir;

    public Salloc(CommandEnvironment env, String workDir) {
        this.env = env;
        this.workDir = workDir;
    }

    public static void main(String[] args) {
        CommandEnvironment env = CommandEnvironment.ofProcess();
        int status = new Salloc(env, Path.of("").toAbsolutePath().toString()).run(List.of(args));
        CommandEnvironment.exit(env, status);
    }

    /**
     * {@code -K} alone: SIGHUP for a command at a terminal, SIGTERM otherwise, as Slurm's salloc.
     *
     * @throws InvalidValueException for a signal name or number it does not know
     */
    static Signal killSignal(String given) {
        if (!given.isEmpty()) {
            return Signal.parse(given);
        }
        return System.console() != null ? Signal.HUP : Signal.TERM;
    }

    /**
     * salloc's status when it killed its command itself (the allocation was revoked): 0 for the signals a user
     * sends to end a session (HUP, INT, QUIT, KILL), 1 for any other, as Slurm's salloc; an exit of the command's
     * own, after the signal, is kept.
     */
    static int statusAfterKill(int status, Signal signal) {
        if (status != 128 + signal.number()) {
            return status;
        }
        return switch (signal.number()) {
            case 1, 2, 3, 9 -> 0;
            default -> 1;
        };
    }

    public int run(List<String> args) {
        InteractiveOptions options;
        try {
            options = InteractiveOptions.parse(args, env.environment(), "SALLOC_");
        } catch (OptionException e) {
            env.err().println(PROGRAM + ": " + e.getMessage());
            env.err().println("Try \"salloc --help\" for more information");
            return 1;
        }
        if (options.version()) {
            env.out().println(io.jslurm.common.Version.line());
            return 0;
        }
        if (options.help()) {
            env.out().println("Usage: salloc [OPTIONS(0)...] [command(0) [args(0)...]]");
            env.out().println("  takes the allocation options of srun (-n, -N, -c, --mem, -t, -p, -G, --gres, -w, -J)");
            env.out().println("  and sbatch's -x, -C, --exclusive, --gpus-per-node, --cpus-per-gpu, --contiguous,"
                    + " --mincpus, --tmp");
            return 0;
        }
        Optional<Signal> kill;
        try {
            kill = options.killCommand().map(Salloc::killSignal);
        } catch (InvalidValueException e) {
            env.err().println(PROGRAM + ": error: Invalid --kill-command specification: " + e.getMessage());
            return 1;
        }
        if (!options.gpuBind().isEmpty()) {
            try {
                GpuBind.parse(options.gpuBind());
            } catch (InvalidValueException e) {
                env.err().println(PROGRAM + ": error: Invalid --gpu-bind argument: gpu:" + options.gpuBind());
                return INVALID_GPU_BIND;
            }
        }
        ClientIdentity me = env.identity();
        Resources requested;
        try {
            requested = RequestedResources.forAllocation(options, env.environment(), workDir, me, LocalHost.name());
        } catch (SubmitException refused) {
            env.err().print(refused.render(PROGRAM));
            return refused.exitCode();
        }
        List<String> command = options.command().isEmpty()
                ? List.of(env.environment().getOrDefault("SHELL", "/bin/sh")) : options.command();
        try (Controller controller = env.controllers().open()) {
            JobDescription request = InteractiveAllocation.request(options, requested,
                    Path.of(command.get(0)).getFileName().toString(), Map.of(), workDir, me.uid(), me.gid(),
                    me.user(), LocalHost.name());
            if (options.testOnly()) {
                return WillRunTest.run(PROGRAM, controller, request, env.err(), options.quiet());
            }
            InteractiveAllocation allocation = new InteractiveAllocation(PROGRAM, env.controllers(), controller, env.err(),
                    Duration.ofMillis(200));
            InteractiveAllocation.Granted granted;
            try {
                granted = allocation.allocate(request, options.quiet());
            } catch (ControllerException e) {
                env.err().println(PROGRAM + ": error: Job submit/allocate failed: " + e.getMessage());
                return 1;
            }
            // From now on the command owns the terminal's Ctrl-C; salloc stays to give the allocation back.
            Interrupts.onSigint(() -> { });
            if (!options.quiet()) {
                env.err().println(PROGRAM + ": Granted job allocation " + granted.jobId());
                env.err().flush();
            }
            int status;
            boolean revoked = false;
            try {
                ProcessBuilder builder = new ProcessBuilder(command).inheritIO();
                builder.environment().clear();
                builder.environment().putAll(env.environment());
                builder.environment().putAll(InteractiveAllocation.jobEnvironment(granted.job(), workDir,
                        LocalHost.name()));
                if (!options.gpuBind().isEmpty()) {
                    // The allocation's steps (srun in the command) bind as salloc was told.
                    builder.environment().put("SLURM_GPU_BIND", options.gpuBind());
                }
                Process process = builder.start();
                try (RevocationWatch watch = new RevocationWatch(env.controllers(), granted.jobId(), process, kill,
                        env.err(), Duration.ofMillis(500))) {
                    int exited = process.waitFor();
                    revoked = watch.revoked();
                    status = watch.killedWith().map(signal -> statusAfterKill(exited, signal)).orElse(exited);
                }
            } catch (IOException e) {
                env.err().println(PROGRAM + ": error: " + command.get(0) + ": " + e.getMessage());
                status = 127;
            }
            if (!options.quiet() && !revoked) {
                env.err().println(PROGRAM + ": Relinquishing job allocation " + granted.jobId());
            }
            allocation.releaseWithStatus(granted, status);
            return status;
        } catch (ControllerException e) {
            env.err().println(PROGRAM + ": error: " + e.getMessage());
            return 1;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return 1;
        }
    }
}
