package io.jslurm.slurmd.daemon;

import static org.assertj.core.api.Assertions.assertThat;

import io.jslurm.protocol.proto.JobComplete;
import io.jslurm.protocol.proto.JobState;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CompletionQueueTest {
    @TempDir
    Path spool;

    private static JobComplete end(int jobId, int exitCode, JobState state) {
        return JobComplete.newBuilder().setJobId(jobId).setNodeName("n1").setExitCode(exitCode).setState(state).build();
    }

    @Test
    void completionsOutliveTheQueueUntilAcknowledged() throws Exception {
        CompletionQueue queue = CompletionQueue.open(spool, Instant.now());
        queue.offer(end(11, 0, JobState.JOB_COMPLETED));
        queue.offer(end(12, 2, JobState.JOB_FAILED));

        CompletionQueue reopened = CompletionQueue.open(spool, Instant.now());
        assertThat(reopened.pending()).extracting(JobComplete::getJobId).containsExactlyInAnyOrder(11, 12);

        reopened.acknowledge(11);
        assertThat(CompletionQueue.open(spool, Instant.now()).pending()).containsExactly(end(12, 2, JobState.JOB_FAILED));
    }

    @Test
    void theFirstResultOfAJobIsTheOneThatCounts() throws Exception {
        CompletionQueue queue = CompletionQueue.open(spool, Instant.now());

        assertThat(queue.offer(end(21, 0, JobState.JOB_COMPLETED))).isTrue();
        assertThat(queue.offer(end(21, 1, JobState.JOB_FAILED))).isFalse();
        assertThat(queue.pending()).containsExactly(end(21, 0, JobState.JOB_COMPLETED));

        queue.acknowledge(21);
        assertThat(queue.offer(end(21, 9, JobState.JOB_FAILED))).as("after acknowledgement").isFalse();
        assertThat(queue.pending()).isEmpty();
    }

    @Test
    void stepEndsAreQueuedBesideTheirJobsEndAndLeaveNoMarker() throws Exception {
        CompletionQueue queue = CompletionQueue.open(spool, Instant.now());
        JobComplete step0 = end(41, 0, JobState.JOB_COMPLETED).toBuilder().setStepId(0).build();
        JobComplete step1 = end(41, 3, JobState.JOB_FAILED).toBuilder().setStepId(1).build();
        JobComplete batch = end(41, 0, JobState.JOB_COMPLETED);

        assertThat(queue.offer(step0)).isTrue();
        assertThat(queue.offer(step1)).isTrue();
        assertThat(queue.offer(batch)).as("the job's own end is another report").isTrue();
        assertThat(CompletionQueue.open(spool, Instant.now()).pending()).containsExactlyInAnyOrder(step0, step1,
                batch);

        queue.acknowledge(step0);
        assertThat(queue.pending()).containsExactlyInAnyOrder(step1, batch);
        assertThat(queue.offer(step0)).as("step ids start over after a controller restart").isTrue();
        queue.acknowledge(batch);
        assertThat(queue.pending()).containsExactlyInAnyOrder(step0, step1);
        assertThat(queue.offer(batch)).as("the batch end keeps its marker").isFalse();
    }

    @Test
    void aCompletionIsPendingBeforeItsFileIsWrittenAndAnEarlyAcknowledgementStands() throws Exception {
        CompletionQueue queue = CompletionQueue.open(spool, Instant.now());
        JobComplete job = end(51, 0, JobState.JOB_COMPLETED);
        JobComplete step = end(52, 0, JobState.JOB_COMPLETED).toBuilder().setStepId(0).build();
        java.util.List<JobComplete> seen = new java.util.ArrayList<>();

        // The delivery starts (and here is acknowledged) while the file is still to be written.
        assertThat(queue.offer(job, () -> {
            seen.addAll(queue.pending());
            acknowledge(queue, job);
        })).isTrue();
        assertThat(queue.offer(step, () -> acknowledge(queue, step))).isTrue();

        assertThat(seen).containsExactly(job);
        assertThat(queue.pending()).isEmpty();
        CompletionQueue reopened = CompletionQueue.open(spool, Instant.now());
        assertThat(reopened.pending()).as("nothing is sent again after a restart").isEmpty();
        assertThat(reopened.offer(end(51, 1, JobState.JOB_FAILED))).as("the job's marker was written").isFalse();
        assertThat(Files.list(spool.resolve(CompletionQueue.DIR)).map(p -> p.getFileName().toString()))
                .containsExactly("job_51.acked");
    }

    @Test
    void aCompletionWhoseDeliveryCannotStartIsStillWritten() throws Exception {
        CompletionQueue queue = CompletionQueue.open(spool, Instant.now());

        assertThat(queue.offer(end(61, 0, JobState.JOB_COMPLETED), () -> {
            throw new java.util.concurrent.RejectedExecutionException("shut down");
        })).isTrue();

        assertThat(CompletionQueue.open(spool, Instant.now()).pending()).containsExactly(
                end(61, 0, JobState.JOB_COMPLETED));
    }

    private static void acknowledge(CompletionQueue queue, JobComplete completion) {
        try {
            queue.acknowledge(completion);
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    @Test
    void aNewRunOfARequeuedJobIsReportedAgain() throws Exception {
        CompletionQueue queue = CompletionQueue.open(spool, Instant.now());
        queue.offer(end(31, 0, JobState.JOB_CANCELLED));
        queue.acknowledge(31);

        queue.startOver(31);

        assertThat(queue.offer(end(31, 0, JobState.JOB_COMPLETED))).isTrue();
        assertThat(queue.pending()).containsExactly(end(31, 0, JobState.JOB_COMPLETED));
    }

    @Test
    void acknowledgementMarkersAreDroppedAfterADay() throws Exception {
        CompletionQueue queue = CompletionQueue.open(spool, Instant.now());
        queue.offer(end(41, 0, JobState.JOB_COMPLETED));
        queue.acknowledge(41);
        Path dir = spool.resolve(CompletionQueue.DIR);
        assertThat(Files.list(dir)).hasSize(1);

        CompletionQueue.open(spool, Instant.now().plus(Duration.ofDays(2)));

        assertThat(Files.list(dir)).isEmpty();
    }

    @Test
    void clearForgetsEverything() throws Exception {
        CompletionQueue queue = CompletionQueue.open(spool, Instant.now());
        queue.offer(end(51, 0, JobState.JOB_COMPLETED));
        queue.offer(end(52, 0, JobState.JOB_COMPLETED));
        queue.acknowledge(52);

        assertThat(queue.clear()).isEqualTo(2);
        assertThat(queue.pending()).isEmpty();
    }

    @Test
    void pendingKeepsTheOrderQueuedAndAgreesWithTheDiskAfterReopening() throws Exception {
        CompletionQueue queue = CompletionQueue.open(spool, Instant.now());
        for (int job = 100; job < 130; job++) {
            queue.offer(end(job, 0, JobState.JOB_COMPLETED));
        }
        for (int job = 100; job < 127; job++) {
            queue.acknowledge(job);
        }
        queue.offer(end(9, 1, JobState.JOB_FAILED));

        assertThat(queue.pending()).containsExactly(end(127, 0, JobState.JOB_COMPLETED),
                end(128, 0, JobState.JOB_COMPLETED), end(129, 0, JobState.JOB_COMPLETED), end(9, 1, JobState.JOB_FAILED));
        assertThat(CompletionQueue.open(spool, Instant.now()).pending()).containsExactlyInAnyOrder(
                end(127, 0, JobState.JOB_COMPLETED), end(128, 0, JobState.JOB_COMPLETED),
                end(129, 0, JobState.JOB_COMPLETED), end(9, 1, JobState.JOB_FAILED));
    }
}
