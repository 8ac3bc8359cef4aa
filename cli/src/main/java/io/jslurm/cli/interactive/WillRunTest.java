package io.jslurm.cli.interactive;

import io.jslurm.cli.client.Controller;
import io.jslurm.cli.client.ControllerException;
import io.jslurm.cli.sbatch.WillRunAnswer;
import io.jslurm.protocol.proto.AllocateResourcesRequest;
import io.jslurm.protocol.proto.AllocateResourcesResponse;
import io.jslurm.protocol.proto.JobDescription;
import io.jslurm.protocol.proto.WillRun;
import java.io.PrintStream;
import java.time.ZoneId;

/**
 * srun and salloc {@code --test-only}: the controller plans the allocation without queueing it, and the command
 * says on stderr when and where it would start (as sbatch --test-only does), exiting 0; or, when it never could,
 * {@code error: allocation failure: <reason>} with status 1, as Slurm's commands do.
 */
public final class WillRunTest {

    private WillRunTest() {
    }

    /** @return the command's exit status */
    public static int run(String program, Controller controller, JobDescription request, PrintStream err,
            boolean quiet) {
        AllocateResourcesResponse response;
        try {
            response = controller.call(AllocateResourcesRequest.newBuilder()
                    .setJob(request.toBuilder().setTestOnly(true)).build(), AllocateResourcesResponse.class);
        } catch (ControllerException refused) {
            err.println(program + ": error: allocation failure: " + refused.getMessage());
            return 1;
        }
        if (!quiet && response.hasWillRun()) {
            WillRun estimate = response.getWillRun();
            err.println(program + ": " + new WillRunAnswer(estimate.getStartTime(), estimate.getProcessors(),
                    estimate.getNodeList(), estimate.getPartition())
                    .describe(Integer.toUnsignedLong(response.getJobId()), ZoneId.systemDefault()));
        }
        return 0;
    }
}
