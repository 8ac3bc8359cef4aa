package io.jslurm.slurmd.step;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jslurm.slurmd.cgroup.Cgroup;
import io.jslurm.slurmd.cgroup.CgroupException;
import io.jslurm.slurmd.cgroup.CgroupLayout;
import io.jslurm.slurmd.cgroup.CgroupLimits;
import io.jslurm.slurmd.cgroup.CgroupManager;
import io.jslurm.slurmd.cgroup.NoCgroupManager;
import io.jslurm.slurmd.cgroup.StepName;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Supplier;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The job cgroup of a job without a batch script lives while any of its steps holds it here. The race of one step
 * ending just as another starts is played out in a fixed order: the ending step's removal is made to arrive while the
 * starting step is between finding the job's cgroup and making its own in it.
 */
class JobCgroupHoldsTest {
    private static final long JOB = 7;
    private static final int UID = 1000;

    @TempDir
    Path temp;

    private CgroupManager cgroups;
    private Supplier<Cgroup> createJob;

    @BeforeEach
    void manager() {
        cgroups = new NoCgroupManager(CgroupLayout.forNode("n1"), temp.resolve("state"), Path.of("/proc"));
        createJob = () -> cgroups.createJob(UID, JOB, CgroupLimits.NONE);
    }

    private Supplier<Cgroup> createStep(int step) {
        return () -> cgroups.createStep(UID, JOB, StepName.of(step), CgroupLimits.NONE);
    }

    @Test
    void aStepEndingWhileAnotherMakesItsCgroupWaitsAndLeavesTheJobCgroup() throws Exception {
        JobCgroupHolds holds = new JobCgroupHolds(cgroups, jobId -> false);
        Cgroup step0 = holds.startStep(JOB, createJob, createStep(0));
        AtomicReference<Thread> ending = new AtomicReference<>();
        AtomicReference<Thread.State> endingWhileStepMade = new AtomicReference<>();
        // Step 1 found the job's cgroup and is about to make its own when step 0 ends.
        Cgroup step1 = holds.startStep(JOB, createJob, () -> {
            Thread end = new Thread(() -> holds.endStep(JOB, step0));
            ending.set(end);
            end.start();
            endingWhileStepMade.set(awaitBlocked(end));
            return createStep(1).get();
        });
        ending.get().join(10_000);

        assertThat(endingWhileStepMade.get()).as("step 0's end waits for step 1's start").isEqualTo(Thread.State.BLOCKED);
        assertThat(ending.get().isAlive()).isFalse();
        assertThat(cgroups.findStep(JOB, StepName.of(0))).isEmpty();
        assertThat(cgroups.findJob(JOB)).as("the job's cgroup, still held by step 1").isPresent();
        assertThat(cgroups.findStep(JOB, StepName.of(1))).isPresent();
        assertThat(holds.holders(JOB)).isEqualTo(1);

        holds.endStep(JOB, step1);
        assertThat(cgroups.findJob(JOB)).as("removed by the last step out").isEmpty();
        assertThat(holds.holders(JOB)).isZero();
    }

    /** Waits until {@code thread} waits for the lock; it must, since the caller holds it. */
    private static Thread.State awaitBlocked(Thread thread) {
        long deadline = System.nanoTime() + 10_000_000_000L;
        while (thread.getState() != Thread.State.BLOCKED && thread.isAlive() && System.nanoTime() < deadline) {
            Thread.onSpinWait();
        }
        return thread.getState();
    }

    @Test
    void aStepStartingAfterTheLastStepEndedMakesTheJobCgroupAgain() {
        JobCgroupHolds holds = new JobCgroupHolds(cgroups, jobId -> false);
        holds.endStep(JOB, holds.startStep(JOB, createJob, createStep(0)));
        assertThat(cgroups.findJob(JOB)).isEmpty();

        holds.startStep(JOB, createJob, createStep(1));
        assertThat(cgroups.findStep(JOB, StepName.of(1))).isPresent();
    }

    @Test
    void aJobCgroupThatAlreadyExistsIsNotMadeAgain() {
        cgroups.createJob(UID, JOB, CgroupLimits.NONE);
        JobCgroupHolds holds = new JobCgroupHolds(cgroups, jobId -> true);
        holds.startStep(JOB, () -> {
            throw new AssertionError("the job's cgroup exists and must be reused");
        }, createStep(0));
        assertThat(holds.holders(JOB)).isEqualTo(1);
    }

    @Test
    void aCgroupKeptAfterTheStepsOutlivesTheLastStep() {
        JobCgroupHolds holds = new JobCgroupHolds(cgroups, jobId -> jobId == JOB);
        cgroups.createJob(UID, JOB, CgroupLimits.NONE);
        cgroups.createStep(UID, JOB, StepName.BATCH, CgroupLimits.NONE);
        holds.endStep(JOB, holds.startStep(JOB, createJob, createStep(0)));
        assertThat(cgroups.findJob(JOB)).as("the batch step keeps it").isPresent();
    }

    @Test
    void aStepWhoseCgroupCannotBeMadeHoldsNothingAndLeavesNoJobCgroup() {
        JobCgroupHolds holds = new JobCgroupHolds(cgroups, jobId -> false);
        assertThatThrownBy(() -> holds.startStep(JOB, createJob, () -> {
            throw new CgroupException("no room");
        })).isInstanceOf(CgroupException.class);
        assertThat(holds.holders(JOB)).isZero();
        assertThat(cgroups.findJob(JOB)).isEmpty();
    }

    @Test
    void suspendFreezesTheJobCgroupAndResumeThawsIt() {
        JobCgroupHolds holds = new JobCgroupHolds(cgroups, jobId -> false);
        assertThat(holds.freeze(JOB, false)).as("a job with no cgroup here").isEmpty();

        holds.startStep(JOB, createJob, createStep(0));
        assertThat(holds.freeze(JOB, false)).isPresent();
        assertThat(cgroups.findJob(JOB).orElseThrow().isFrozen()).isTrue();
        assertThat(holds.freeze(JOB, true)).isPresent();
        assertThat(cgroups.findJob(JOB).orElseThrow().isFrozen()).isFalse();

        holds.freeze(JOB, false);
        holds.thawIfFrozen(JOB);
        assertThat(cgroups.findJob(JOB).orElseThrow().isFrozen()).as("thawed for the job's end").isFalse();
    }
}
