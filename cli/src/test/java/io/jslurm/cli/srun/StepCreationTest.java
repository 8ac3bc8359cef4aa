package io.jslurm.cli.srun;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.google.protobuf.Message;
import io.jslurm.cli.client.Controller;
import io.jslurm.cli.client.ControllerException;
import io.jslurm.protocol.proto.JobStepCreateRequest;
import io.jslurm.protocol.proto.JobStepCreateResponse;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalInt;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

class StepCreationTest {
    private static final JobStepCreateRequest REQUEST = JobStepCreateRequest.newBuilder().setJobId(12).build();

    private final ByteArrayOutputStream errBytes = new ByteArrayOutputStream();
    private final PrintStream err = new PrintStream(errBytes, true, StandardCharsets.UTF_8);
    private final AtomicLong now = new AtomicLong(1_000_000);
    private final List<Duration> pauses = new ArrayList<>();

    /** Answers "busy" this many times, then a step. */
    private final class BusyController implements Controller {
        private int busyAnswers;
        int calls;

        BusyController(int busyAnswers) {
            this.busyAnswers = busyAnswers;
        }

        @Override
        @SuppressWarnings("unchecked")
        public <R extends Message> R call(Message request, Class<R> responseType) throws ControllerException {
            calls++;
            if (busyAnswers-- > 0) {
                throw new ControllerException(StepCreation.NODES_BUSY, "n1: GPUs [0] held by another step");
            }
            return (R) JobStepCreateResponse.getDefaultInstance();
        }

        @Override
        public void close() {
        }
    }

    private StepCreation creation(Controller controller, OptionalInt immediate) {
        return new StepCreation(controller, err, immediate, () -> Instant.ofEpochMilli(now.get()), duration -> {
            pauses.add(duration);
            now.addAndGet(duration.toMillis());
        });
    }

    private String err() {
        return errBytes.toString(StandardCharsets.UTF_8);
    }

    @Test
    void aStepThatFitsAtOnceSaysNothing() throws Exception {
        creation(new BusyController(0), OptionalInt.empty()).create(REQUEST);
        assertThat(err()).isEmpty();
        assertThat(pauses).isEmpty();
    }

    @Test
    void aBusyStepWaitsSayingSoOnceAndSaysWhenItIsCreated() throws Exception {
        BusyController controller = new BusyController(5);
        creation(controller, OptionalInt.empty()).create(REQUEST);
        assertThat(controller.calls).isEqualTo(6);
        assertThat(err()).isEqualTo("""
                srun: Job 12 step creation temporarily disabled, retrying (Requested nodes are busy)
                srun: Step created for job 12
                """);
        assertThat(pauses).as("asks more slowly the longer it waits, at most every half second")
                .containsExactly(Duration.ofMillis(50), Duration.ofMillis(100), Duration.ofMillis(200),
                        Duration.ofMillis(400), Duration.ofMillis(500));
    }

    @Test
    void immediateGivesUpAtOnce() {
        BusyController controller = new BusyController(1);
        assertThatThrownBy(() -> creation(controller, OptionalInt.of(1)).create(REQUEST))
                .isInstanceOf(ControllerException.class).hasMessage("Requested nodes are busy");
        assertThat(controller.calls).isEqualTo(1);
        assertThat(err()).isEmpty();
    }

    @Test
    void immediateWithSecondsWaitsThatLong() {
        BusyController controller = new BusyController(1_000);
        assertThatThrownBy(() -> creation(controller, OptionalInt.of(3)).create(REQUEST))
                .isInstanceOf(ControllerException.class);
        assertThat(pauses.stream().mapToLong(Duration::toMillis).sum()).isBetween(3_000L, 3_500L);
    }

    @Test
    void otherRefusalsAreNotRetried() {
        Controller refusing = new Controller() {
            @Override
            public <R extends Message> R call(Message request, Class<R> responseType) throws ControllerException {
                throw new ControllerException(2005, "4 tasks of 1 CPUs, the job holds 2");
            }

            @Override
            public void close() {
            }
        };
        assertThatThrownBy(() -> creation(refusing, OptionalInt.empty()).create(REQUEST))
                .isInstanceOf(ControllerException.class).hasMessage("More processors requested than permitted");
        assertThat(pauses).isEmpty();
    }
}
