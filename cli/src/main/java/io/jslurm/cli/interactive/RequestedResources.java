package io.jslurm.cli.interactive;

import io.jslurm.cli.client.ClientIdentity;
import io.jslurm.cli.sbatch.ProcessContext;
import io.jslurm.cli.submit.AllocationOptions;
import io.jslurm.cli.submit.OptionSource;
import io.jslurm.cli.submit.RequestValue;
import io.jslurm.cli.submit.Resources;
import io.jslurm.cli.submit.SessionId;
import io.jslurm.cli.submit.SubmitContext;
import io.jslurm.cli.submit.SubmitException;
import io.jslurm.cli.submit.Submitter;
import java.nio.file.Path;
import java.time.InstantSource;
import java.util.Map;
import java.util.Optional;

/**
 * sbatch's resource options given to salloc or srun: read for the allocation they create, or checked for a step
 * inside an allocation, where only {@code --exclusive} has a meaning jslurm gives it.
 */
public final class RequestedResources {

    private RequestedResources() {
    }

    /**
     * The resources asked for, read as sbatch reads them (a host list with a slash is a file, relative to
     * {@code workDir}).
     *
     * @throws SubmitException sbatch's refusal of a value: its message ({@link SubmitException#render}) and exit
     *                         status are the command's
     */
    public static Resources forAllocation(InteractiveOptions options, Map<String, String> env, String workDir,
            ClientIdentity me, String host) {
        SubmitContext context = new SubmitContext(env, workDir,
                new Submitter((int) me.uid(), (int) me.gid(), me.user(), host, SessionId.current()), InstantSource.system(),
                ProcessContext.system(Path.of(workDir)));
        return AllocationOptions.resources(context, options.requestValues());
    }

    /**
     * A step's refusal of the allocation options it cannot honour, or empty. A step runs on its job's nodes and
     * GPUs: jslurm does not select among them by feature, exclusion or per-node GPU count, so rather than run the
     * step somewhere the user did not ask, srun says so ({@code -w} and {@code -N} choose a step's nodes).
     */
    public static Optional<String> refusedInStep(InteractiveOptions options) {
        for (RequestValue value : options.requestValues()) {
            if (value.source() instanceof OptionSource.Environment) {
                // Inside an allocation these variables are the job's own (sbatch and salloc export
                // SLURM_GPUS_PER_NODE and the like to it): they describe the allocation the step already runs in.
                continue;
            }
            switch (value.option().target()) {
                case EXCLUSIVE -> {
                    // Slurm 22.05: a step's --exclusive gives it dedicated CPUs, as --exact does.
                }
                default -> {
                    return Optional.of(value.describe() + " is not supported for a step inside an existing "
                            + "allocation (choose the step's nodes with -w/--nodelist or -N)");
                }
            }
        }
        return Optional.empty();
    }
}
