package io.jslurm.slurmctld;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class ThreadAllocationTest {

    @Test
    void sumsThreadsOfOnePoolInTheirUnits() {
        ThreadAllocation before = ThreadAllocation.parse("""
                "main" #1 prio=5 os_prio=0 cpu=4994.23ms elapsed=61.37s allocated=490M defined_classes=6652 tid=0x1
                "rpc-worker-1" #20 daemon prio=5 os_prio=0 cpu=1.0ms elapsed=1s allocated=512K defined_classes=0 tid=0x2
                "rpc-worker-2" #21 daemon prio=5 os_prio=0 cpu=1.0ms elapsed=1s allocated=32B defined_classes=0 tid=0x3
                """);
        ThreadAllocation after = ThreadAllocation.parse("""
                "main" #1 prio=5 os_prio=0 cpu=4994.23ms elapsed=61.37s allocated=1G defined_classes=6652 tid=0x1
                "rpc-worker-1" #20 daemon prio=5 os_prio=0 cpu=1.0ms elapsed=1s allocated=1024K defined_classes=0 tid=0x2
                "rpc-worker-2" #21 daemon prio=5 os_prio=0 cpu=1.0ms elapsed=1s allocated=544B defined_classes=0 tid=0x3
                """);
        assertEquals(490L << 20, before.bytes("main"));
        assertEquals((512L << 10) + 32, before.bytes("rpc-worker"));
        // 524,800 more bytes in the pool over 100 submissions: 5,248 each.
        assertEquals("FIGURE controller allocation by thread, bytes per submission: [main] 5599396 [rpc-worker] 5248",
                after.perSubmission(before, 100));
    }

    @Test
    void readsThisJvmsOwnThreads() throws Exception {
        long pid = ProcessHandle.current().pid();
        String name = "allocating-" + System.nanoTime() % 1000 + "x";
        byte[][] keep = new byte[8][];
        Object lock = new Object();
        Thread running = new Thread(() -> {
            for (int round = 0; round < 100; round++) {
                keep[round % keep.length] = new byte[1 << 20];
            }
            synchronized (lock) {
                try {
                    lock.wait(30_000);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
        }, name);
        running.start();
        long deadline = System.nanoTime() + 30_000_000_000L;
        long bytes = 0;
        while (System.nanoTime() < deadline && bytes < 100L << 20) {
            Thread.sleep(50);
            bytes = ThreadAllocation.read(pid).bytes(ThreadCpu.group(name));
        }
        synchronized (lock) {
            lock.notifyAll();
        }
        running.join();
        assertTrue(bytes >= 100L << 20, "allocated " + bytes + " bytes");
    }
}
