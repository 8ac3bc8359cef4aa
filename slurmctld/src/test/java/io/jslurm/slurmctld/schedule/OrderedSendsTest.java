package io.jslurm.slurmctld.schedule;

import static org.assertj.core.api.Assertions.assertThat;

import io.jslurm.protocol.proto.LaunchBatchJob;
import io.jslurm.protocol.proto.SuspendJob;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class OrderedSendsTest {

    private final ExecutorService pool = Executors.newFixedThreadPool(4);

    @AfterEach
    void stop() {
        pool.shutdownNow();
    }

    @Test
    void aTaskOfOneKeyWaitsForTheEarlierOneWhileOtherKeysRun() throws Exception {
        OrderedSends sends = new OrderedSends(pool);
        List<String> done = new CopyOnWriteArrayList<>();
        CountDownLatch launchMayEnd = new CountDownLatch(1);
        CountDownLatch otherRan = new CountDownLatch(1);
        CountDownLatch allDone = new CountDownLatch(3);

        sends.run("job1@n1", () -> {
            await(launchMayEnd);
            done.add("launch 1");
            allDone.countDown();
        });
        sends.run("job1@n1", () -> {
            done.add("suspend 1");
            allDone.countDown();
        });
        sends.run("job2@n1", () -> {
            done.add("launch 2");
            otherRan.countDown();
            allDone.countDown();
        });

        assertThat(otherRan.await(5, TimeUnit.SECONDS)).as("another job's message does not wait").isTrue();
        Thread.sleep(100);
        assertThat(done).containsExactly("launch 2");
        launchMayEnd.countDown();
        assertThat(allDone.await(5, TimeUnit.SECONDS)).isTrue();
        assertThat(done).containsExactly("launch 2", "launch 1", "suspend 1");
        awaitNoPendingKeys(sends);
    }

    @Test
    void manyMessagesOfOneJobArriveInTheOrderSent() throws Exception {
        OrderedSends sends = new OrderedSends(pool);
        List<Integer> seen = new CopyOnWriteArrayList<>();
        CountDownLatch allDone = new CountDownLatch(200);
        for (int i = 0; i < 200; i++) {
            int n = i;
            sends.run("job7@n2", () -> {
                seen.add(n);
                allDone.countDown();
            });
        }
        assertThat(allDone.await(10, TimeUnit.SECONDS)).isTrue();
        assertThat(seen).isSorted().hasSize(200);
        awaitNoPendingKeys(sends);
    }

    @Test
    void aJobsLaunchAndSuspendToOneNodeShareAKeyAndOtherJobsOrNodesDoNot() {
        Object launch = SlurmdClients.orderKey("n1", LaunchBatchJob.newBuilder().setJobId(42).build());
        assertThat(SlurmdClients.orderKey("n1", SuspendJob.newBuilder().setJobId(42).build())).isEqualTo(launch);
        assertThat(SlurmdClients.orderKey("n2", SuspendJob.newBuilder().setJobId(42).build())).isNotEqualTo(launch);
        assertThat(SlurmdClients.orderKey("n1", SuspendJob.newBuilder().setJobId(43).build())).isNotEqualTo(launch);
        var ping = io.jslurm.protocol.proto.Ack.getDefaultInstance();
        assertThat(SlurmdClients.orderKey("n1", ping)).as("no job, no order to keep")
                .isNotEqualTo(SlurmdClients.orderKey("n1", ping));
    }

    private static void awaitNoPendingKeys(OrderedSends sends) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
        while (sends.pendingKeys() > 0 && System.nanoTime() < deadline) {
            Thread.sleep(10);
        }
        assertThat(sends.pendingKeys()).as("keys are dropped once their tasks ended").isZero();
    }

    private static void await(CountDownLatch latch) {
        try {
            latch.await(5, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
