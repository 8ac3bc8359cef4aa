package io.jslurm.cli.sbatch;

import io.jslurm.cli.client.CommandEnvironment;
import io.jslurm.cli.client.Controller;
import io.jslurm.cli.client.ControllerException;
import io.jslurm.cli.client.SlurmErrno;
import io.jslurm.cli.submit.JobSubmission;
import io.jslurm.protocol.wire.ProtocolException;
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
        SubmitWire.Answer response;
        try (Controller controller = env.controllers().open()) {
            // Encoded by hand: protobuf-java's generated classes would be most of sbatch's start-up after the JVM's.
            byte[] answer = controller.callEncoded(SubmitWire.REQUEST_FIELD, SubmitWire.request(job),
                    SubmitWire.RESPONSE_FIELD);
            response = SubmitWire.answer(answer);
        } catch (ControllerException failed) {
            env.err().println(failure(job) + failed.getMessage());
            return 1;
        } catch (ProtocolException malformed) {
            // As an undecodable envelope is reported: the answer cannot be trusted.
            env.err().println(failure(job) + new ControllerException(
                    SlurmErrno.SLURMCTLD_COMMUNICATIONS_SEND_ERROR, null).getMessage());
            return 1;
        }
        if (!response.userMessage.isEmpty() && !job.client().quiet()) {
            env.err().println(SbatchParser.PROGRAM + ": " + response.userMessage);
        }
        if (job.client().testOnly()) {
            // Nothing was queued: the estimate is an informational line on stderr (silenced by --quiet), as in Slurm.
            if (!job.client().quiet()) {
                response.willRun.ifPresent(estimate -> env.err().println(SbatchParser.PROGRAM + ": "
                        + estimate.describe(Integer.toUnsignedLong(response.jobId), java.time.ZoneId.systemDefault())));
            }
            return 0;
        }
        String id = Integer.toUnsignedString(response.jobId);
        if (job.client().parsable()) {
            env.out().println(id);
        } else {
            env.out().println("Submitted batch job " + id);
        }
        if (job.client().waitForCompletion()) {
            env.out().flush();
            return new JobWait(env).await(Integer.toUnsignedLong(response.jobId));
        }
        return 0;
    }

    /** Slurm words a refused will-run test differently from a refused submission. */
    private static String failure(JobSubmission job) {
        return SbatchParser.PROGRAM + (job.client().testOnly() ? ": error: allocation failure: "
                : ": error: Batch job submission failed: ");
    }
}
