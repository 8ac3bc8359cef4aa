package io.jslurm.cli.srun;

import io.jslurm.cli.client.Controller;
import io.jslurm.cli.client.ControllerException;
import io.jslurm.protocol.proto.JobStepCreateRequest;
import io.jslurm.protocol.proto.JobStepCreateResponse;
import java.io.PrintStream;
import java.time.Duration;
import java.time.InstantSource;
import java.util.Objects;
import java.util.OptionalInt;

/**
 * Asks the controller for a step, and while the job's other steps hold what it needs ("Requested nodes are busy")
 * asks again until they free it, as srun does: one line when it starts waiting, one when the step is created.
 * With {@code -I}/{@code --immediate} it gives up at once, or after that many seconds.
 */
final class StepCreation {
    /** ESLURM_NODES_BUSY: the step does not fit in what the job's running steps leave free. */
    static final int NODES_BUSY = 2016;
    private static final Duration FIRST_WAIT = Duration.ofMillis(50);
    private static final Duration LONGEST_WAIT = Duration.ofMillis(500);

    /** Waits between tries; a test's can count them instead. */
    @FunctionalInterface
    interface Pause {
        void sleep(Duration duration) throws InterruptedException;
    }

    private final Controller controller;
    private final PrintStream err;
    private final OptionalInt immediate;
    private final InstantSource clock;
    private final Pause pause;

    /** @param immediate {@code -I}'s seconds (1 when given without a value); empty to wait as long as it takes */
    StepCreation(Controller controller, PrintStream err, OptionalInt immediate, InstantSource clock, Pause pause) {
        this.controller = Objects.requireNonNull(controller, "controller");
        this.err = Objects.requireNonNull(err, "err");
        this.immediate = Objects.requireNonNull(immediate, "immediate");
        this.clock = Objects.requireNonNull(clock, "clock");
        this.pause = Objects.requireNonNull(pause, "pause");
    }

    static StepCreation waiting(Controller controller, PrintStream err, OptionalInt immediate) {
        return new StepCreation(controller, err, immediate, InstantSource.system(),
                duration -> Thread.sleep(duration.toMillis()));
    }

    /** @throws ControllerException the controller's refusal, or "busy" once {@code -I}'s time is up */
    JobStepCreateResponse create(JobStepCreateRequest request) throws ControllerException, InterruptedException {
        long started = clock.millis();
        Duration wait = FIRST_WAIT;
        for (int attempt = 0; ; attempt++) {
            try {
                JobStepCreateResponse created = controller.call(request, JobStepCreateResponse.class);
                if (attempt > 0) {
                    err.println("srun: Step created for job " + Integer.toUnsignedString(request.getJobId()));
                }
                return created;
            } catch (ControllerException e) {
                if (e.errno() != NODES_BUSY || givenUp(started)) {
                    throw e;
                }
                if (attempt == 0) {
                    err.println("srun: Job " + Integer.toUnsignedString(request.getJobId())
                            + " step creation temporarily disabled, retrying (" + e.getMessage() + ")");
                    err.flush();
                }
            }
            pause.sleep(wait);
            wait = wait.multipliedBy(2).compareTo(LONGEST_WAIT) > 0 ? LONGEST_WAIT : wait.multipliedBy(2);
        }
    }

    private boolean givenUp(long started) {
        if (immediate.isEmpty()) {
            return false;
        }
        int seconds = immediate.getAsInt();
        return seconds <= 1 || clock.millis() - started > seconds * 1000L;
    }
}
