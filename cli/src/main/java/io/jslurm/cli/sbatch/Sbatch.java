package io.jslurm.cli.sbatch;

import io.jslurm.cli.client.CommandEnvironment;
import io.jslurm.cli.client.Controllers;
import io.jslurm.cli.client.RouteCache;
import io.jslurm.cli.submit.SubmitContext;
import io.jslurm.cli.submit.SubmitException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.time.InstantSource;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.ToIntFunction;

/**
 * The sbatch command: reads the submission, then hands it to the sender, whose exit status it returns.
 */
public final class Sbatch {

    private final SubmitContext context;
    private final ToIntFunction<SbatchOutcome.Submit> sender;

    public Sbatch(SubmitContext context, ToIntFunction<SbatchOutcome.Submit> sender) {
        this.context = Objects.requireNonNull(context, "context is null");
        this.sender = Objects.requireNonNull(sender, "sender is null");
    }

    public static void main(String[] args) {
        // The controllers' route comes from the user's cache while slurm.conf is unchanged: loading it was about
        // a third of a submission's CPU time.
        Map<String, String> environment = System.getenv();
        CommandEnvironment env = CommandEnvironment.ofProcess(
                Controllers.routed(environment, RouteCache.forUser(environment)));
        SubmitContext context = ProcessContext.current(InstantSource.system(), Path.of("").toAbsolutePath());
        Sbatch sbatch = new Sbatch(context, new SbatchSender(env));
        CommandEnvironment.exitWithoutHooks(env, sbatch.run(Arrays.asList(args), env.out(), env.err()));
    }

    /** Runs one command line, printing to {@code out} and {@code err}; returns the exit status. */
    public int run(List<String> args, PrintStream out, PrintStream err) {
        SbatchOutcome outcome;
        try {
            outcome = new SbatchParser(context).parse(args);
        } catch (SubmitException refused) {
            err.print(refused.render(SbatchParser.PROGRAM));
            return refused.exitCode(context.environment().get("SLURM_EXIT_ERROR"));
        }
        if (outcome instanceof SbatchOutcome.Print print) {
            out.print(print.text());
            return 0;
        }
        return sender.applyAsInt((SbatchOutcome.Submit) outcome);
    }
}
