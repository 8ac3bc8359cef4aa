package io.jslurm.slurmctld;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class ThreadCpuTest {

    @Test
    void threadsOfOnePoolCountTogether() {
        assertEquals("C2 CompilerThre", ThreadCpu.group("C2 CompilerThre"));
        assertEquals("C1 CompilerThread", ThreadCpu.group("C1 CompilerThread0"));
        assertEquals("epollEventLoopG", ThreadCpu.group("epollEventLoopG"));
        assertEquals("rpc-worker", ThreadCpu.group("rpc-worker-12"));
        assertEquals("VM Thread", ThreadCpu.group("VM Thread"));
    }

    @Test
    void readsThisProcessesThreads() throws Exception {
        long pid = ProcessHandle.current().pid();
        ThreadCpu before = ThreadCpu.read(pid);
        // Spin until this thread has had 300 ms of CPU (however long that takes on a loaded machine).
        java.lang.management.ThreadMXBean bean = java.lang.management.ManagementFactory.getThreadMXBean();
        long cpuEnd = bean.getCurrentThreadCpuTime() + 300_000_000L;
        long wallEnd = System.nanoTime() + 60_000_000_000L;
        long spin = 0;
        while (bean.getCurrentThreadCpuTime() < cpuEnd && System.nanoTime() < wallEnd) {
            spin++;
        }
        String line = ThreadCpu.read(pid).perSubmission(before, 1);
        assertTrue(spin > 0);
        // 300 ms of this thread's CPU shows up as at least 100 ms (100,000 us for one "submission").
        assertTrue(line.matches(".*\\] [0-9]{6,}\\.[0-9].*"), line);
    }
}
