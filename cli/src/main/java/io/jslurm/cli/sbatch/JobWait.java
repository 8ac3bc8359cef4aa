package io.jslurm.cli.sbatch;

import io.jslurm.cli.client.CommandEnvironment;
import io.jslurm.cli.client.Controller;
import io.jslurm.cli.client.ControllerException;
import io.jslurm.cli.jobs.JobStates;
import io.jslurm.protocol.proto.JobInfoRequest;
import io.jslurm.protocol.proto.JobInfoResponse;
import io.jslurm.protocol.proto.JobRecord;
import java.time.Duration;
import java.util.List;

/**
 * {@code sbatch --wait}: asks the controller about the job (every task of an array) until none is left in the queue,
 * then answers with the highest exit status among them, as Slurm's sbatch does; a job ended by a signal counts as 1.
 * The first look is soon, for short jobs; later ones are further apart, up to {@link #LONGEST}, to spare the
 * controller.
 */
final class JobWait {

    private static final Duration FIRST = Duration.ofSeconds(1);
    private static final Duration LONGEST = Duration.ofSeconds(10);

    private final CommandEnvironment env;

    JobWait(CommandEnvironment env) {
        this.env = env;
    }

    /** The exit status sbatch ends with: the job's, or 1 when the controller cannot be asked. */
    int await(long jobId) {
        Duration pause = FIRST;
        while (true) {
            try {
                Thread.sleep(pause.toMillis());
            } catch (InterruptedException interrupted) {
                Thread.currentThread().interrupt();
                return 1;
            }
            List<JobRecord> jobs;
            try (Controller controller = env.controllers().open()) {
                jobs = controller.call(JobInfoRequest.newBuilder().addJobIds((int) jobId).build(),
                        JobInfoResponse.class).getJobsList();
            } catch (ControllerException failed) {
                env.err().println(SbatchParser.PROGRAM + ": error: slurm_load_jobs: " + failed.getMessage());
                return 1;
            }
            if (!jobs.isEmpty() && jobs.stream().noneMatch(JobStates::isActive)) {
                return jobs.stream().mapToInt(JobWait::status).max().orElse(0);
            }
            pause = pause.multipliedBy(2).compareTo(LONGEST) > 0 ? LONGEST : pause.multipliedBy(2);
        }
    }

    /** A job's share of the answer: its exit status, or 1 when a signal ended it. */
    static int status(JobRecord job) {
        return job.getTermSignal() != 0 ? 1 : job.getExitCode();
    }
}
