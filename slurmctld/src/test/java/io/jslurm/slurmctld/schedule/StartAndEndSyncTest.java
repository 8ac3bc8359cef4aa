package io.jslurm.slurmctld.schedule;

import static io.jslurm.slurmctld.ControllerFixture.ALICE;
import static io.jslurm.slurmctld.ControllerFixture.job;
import static org.assertj.core.api.Assertions.assertThat;

import com.google.protobuf.Message;
import io.jslurm.protocol.proto.JobComplete;
import io.jslurm.protocol.proto.JobState;
import io.jslurm.protocol.proto.LaunchBatchJob;
import io.jslurm.protocol.proto.SuspendJob;
import io.jslurm.protocol.proto.TerminateJob;
import io.jslurm.sched.model.Allocation;
import io.jslurm.sched.model.CoreSet;
import io.jslurm.sched.model.NodeAllocation;
import io.jslurm.slurmctld.ControllerFixture;
import io.jslurm.slurmctld.job.Job;
import io.jslurm.slurmctld.state.JournalStats;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The journal syncs on the way from one job's end to the next one's launch, through a real controller: the end
 * shares the sync of the start that takes its cores, slurmd's acknowledgement still waits for it, and a start made
 * but not yet launched is launched only if its job is still running (or suspended) by then.
 */
class StartAndEndSyncTest {

    private static final Duration WAIT = Duration.ofSeconds(10);
    private static final Allocation ONE_CORE = new Allocation(List.of(
            new NodeAllocation("gpu01", 1, CoreSet.of(0), 1000, List.of())));

    @TempDir
    Path dir;
    ControllerFixture cluster;
    JobControl control;

    @BeforeEach
    void start() throws Exception {
        cluster = new ControllerFixture(dir, "SelectType=select/cons_tres\nSelectTypeParameters=CR_Core_Memory\n");
        // Only gpu01 answers: jobs that need a whole node take turns on it.
        cluster.register("gpu01", 16000);
        control = cluster.controller.loop().control();
    }

    @AfterEach
    void stop() throws Exception {
        cluster.close();
    }

    /** Whatever slurmd is sent within {@code window}, in the order it arrived. */
    private List<Message> received(Duration window) throws InterruptedException {
        List<Message> messages = new ArrayList<>();
        long deadline = System.nanoTime() + window.toNanos();
        while (System.nanoTime() < deadline) {
            try {
                messages.add(cluster.slurmdPeer.next(Message.class,
                        Duration.ofNanos(Math.max(1, deadline - System.nanoTime()))));
            } catch (AssertionError timedOut) {
                break;
            }
        }
        return messages;
    }

    private long submitOneCoreJob() throws Exception {
        return cluster.submit(ALICE, job(ALICE, "alice").setTimeLimitMinutes(10).setMemPerNodeMb(1000));
    }

    @Test
    void aJobsEndIsSyncedWithTheNextStartAndSlurmdsAcknowledgementWaitsForIt() throws Exception {
        long first = cluster.submitWholeNode("batch", false);
        long next = cluster.submitWholeNode("batch", false);
        assertThat(cluster.controller.loop().runPass()).extracting(Job::jobId).containsExactly(first);
        assertThat(cluster.slurmdPeer.next(LaunchBatchJob.class, WAIT).getJobId()).isEqualTo(first);
        // This test runs the passes itself, later than the loop would.
        control.endSyncPatience(Duration.ofMinutes(5));
        JournalStats before = cluster.controller.store().journalStats();

        AtomicReference<Object> acknowledged = new AtomicReference<>();
        Thread slurmd = new Thread(() -> {
            try {
                acknowledged.set(cluster.slurmd().call(JobComplete.newBuilder().setJobId((int) first)
                        .setNodeName("gpu01").build()));
            } catch (Exception e) {
                acknowledged.set(e);
            }
        }, "slurmd-completion");
        slurmd.start();
        long deadline = System.nanoTime() + WAIT.toNanos();
        while (cluster.job(first).getState() != JobState.JOB_COMPLETED && System.nanoTime() < deadline) {
            Thread.sleep(2);
        }
        assertThat(cluster.job(first).getState()).isEqualTo(JobState.JOB_COMPLETED);
        assertThat(cluster.controller.store().journalStats().syncs()).as("the end is not synced on its own")
                .isEqualTo(before.syncs());
        assertThat(acknowledged.get()).as("slurmd is not answered before the end is durable").isNull();

        assertThat(cluster.controller.loop().runPass()).extracting(Job::jobId).containsExactly(next);

        slurmd.join(WAIT.toMillis());
        assertThat(acknowledged.get()).as("slurmd's answer").isInstanceOf(io.jslurm.protocol.proto.Ack.class);
        JournalStats after = cluster.controller.store().journalStats();
        assertThat(after.entries() - before.entries()).as("journal entries: the end and the start").isEqualTo(2);
        assertThat(after.syncs() - before.syncs()).as("fsyncs for the end and the next start").isEqualTo(1);
        List<Message> sent = received(Duration.ofSeconds(2));
        assertThat(sent).filteredOn(TerminateJob.class::isInstance).extracting(m -> ((TerminateJob) m).getJobId())
                .as("the ended job's Epilog").containsExactly((int) first);
        assertThat(sent).filteredOn(LaunchBatchJob.class::isInstance)
                .extracting(m -> ((LaunchBatchJob) m).getJobId()).containsExactly((int) next);
    }

    /**
     * A job's start made, then {@code meanwhile} done to it before {@link JobControl#launch}: whether the launch went
     * out, and what slurmd was sent within {@code window}.
     */
    private record Outcome(long jobId, boolean launched, List<Message> sent) {
    }

    private Outcome launchAfter(java.util.function.LongConsumer meanwhile, Duration window) throws Exception {
        long jobId = submitOneCoreJob();
        JobControl.PreparedStart prepared = control.prepareStart(jobId, ONE_CORE, "batch").orElseThrow();
        meanwhile.accept(jobId);
        boolean launched = control.launch(prepared);
        return new Outcome(jobId, launched, received(window));
    }

    @Test
    void aStartCancelledBeforeItsLaunchIsNotLaunched() throws Exception {
        Outcome outcome = launchAfter(jobId -> control.cancel(jobId, 0, false, false), Duration.ofSeconds(1));

        assertThat(outcome.launched()).isFalse();
        assertThat(outcome.sent()).noneMatch(LaunchBatchJob.class::isInstance);
        assertThat(outcome.sent()).filteredOn(TerminateJob.class::isInstance).hasSize(1);
        assertThat(cluster.job(outcome.jobId()).getState()).isEqualTo(JobState.JOB_CANCELLED);
    }

    @Test
    void aStartRequeuedBeforeItsLaunchIsNotLaunchedAndWaitsInTheQueue() throws Exception {
        Outcome outcome = launchAfter(control::requeue, Duration.ofSeconds(1));

        assertThat(outcome.launched()).isFalse();
        assertThat(outcome.sent()).noneMatch(LaunchBatchJob.class::isInstance);
        assertThat(cluster.job(outcome.jobId()).getState()).isEqualTo(JobState.JOB_PENDING);
    }

    @Test
    void aStartSuspendedBeforeItsLaunchIsLaunchedAndSuspendedOnItsNode() throws Exception {
        Outcome outcome = launchAfter(control::suspend, Duration.ofSeconds(2));

        assertThat(outcome.launched()).isTrue();
        assertThat(outcome.sent()).filteredOn(LaunchBatchJob.class::isInstance)
                .extracting(m -> ((LaunchBatchJob) m).getJobId()).containsExactly((int) outcome.jobId());
        assertThat(outcome.sent()).filteredOn(SuspendJob.class::isInstance).as("suspend requests, none a resume")
                .isNotEmpty().allMatch(m -> ((SuspendJob) m).getJobId() == outcome.jobId()
                        && !((SuspendJob) m).getResume());
        assertThat(cluster.job(outcome.jobId()).getState()).isEqualTo(JobState.JOB_SUSPENDED);
    }
}
