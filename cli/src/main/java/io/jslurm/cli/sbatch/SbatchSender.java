package io.jslurm.cli.sbatch;

import io.jslurm.cli.client.CommandEnvironment;
import io.jslurm.cli.client.Controller;
import io.jslurm.cli.client.ControllerException;
import io.jslurm.cli.submit.JobSubmission;
import io.jslurm.protocol.proto.SubmitBatchJobResponse;
import java.util.function.ToIntFunction;

/**
 * Sends a submission to the controller and reports as sbatch does: {@code Submitted batch job N}, or the job id
 * alone with {@code --parsable}.
 */
public final class SbatchSender implements ToIntFunction<SbatchOutcome.Submit> {

    private final CommandEnvironment env;

    public SbatchSender(CommandEnvironment env) {
        this.env = env;
    }

    @Override
    public int applyAsInt(SbatchOutcome.Submit submit) {
        JobSubmission job = submit.submission();
        SubmitBatchJobResponse response;
        try (Controller controller = env.controllers().open()) {
            response = controller.call(SubmitRequests.of(job), SubmitBatchJobResponse.class);
        } catch (ControllerException failed) {
            env.err().println(SbatchParser.PROGRAM + ": error: Batch job submission failed: " + failed.getMessage());
            return 1;
        }
        if (!response.getUserMessage().isEmpty() && !job.client().quiet()) {
            env.err().println(SbatchParser.PROGRAM + ": " + response.getUserMessage());
        }
        String id = Integer.toUnsignedString(response.getJobId());
        if (job.client().parsable()) {
            env.out().println(id);
        } else {
            env.out().println("Submitted batch job " + id);
        }
        return 0;
    }
}
