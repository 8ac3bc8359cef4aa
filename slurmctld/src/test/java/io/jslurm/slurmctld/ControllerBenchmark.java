package io.jslurm.slurmctld;

import io.jslurm.protocol.client.RpcClient;
import io.jslurm.protocol.proto.ClientMessage;
import io.jslurm.protocol.proto.SubmitBatchJobRequest;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.BooleanSupplier;

/**
 * Submissions per second through a real slurmctld process over loopback, every answer given only after the
 * job is durable, and the controller's resident memory holding 10,000 jobs. Run by hand:
 * {@code java -cp <test classpath> io.jslurm.slurmctld.ControllerBenchmark [seconds] ["JVM flags"] [clients,...]
 * [depth] [warm-up seconds]}; prints FIGURE lines. Naming the client counts runs only those and skips the memory figures (for
 * profiling). A depth above 1 makes each client keep that many submissions in flight on its connection
 * ({@link PipelinedSubmitter}), which Slurm's commands never do; the default, 1, is the commands' way.
 *
 * <p>Before the measured runs the controller is warmed up with the first client count and the depth given, for the
 * warm-up seconds (default 2): the JIT compiles the submit path during the first 20-30 s, and its compiler
 * threads' CPU would otherwise count against the submissions of the first runs ({@code 8 "" 64,16 1 30} warms up
 * for 30 s). Each run also prints the controller's CPU per submission by thread ({@link ThreadCpu}) and the bytes it
 * allocated per submission by thread ({@link ThreadAllocation}), which unlike CPU time do not move with the
 * machine's load.
 */
public final class ControllerBenchmark {

    private ControllerBenchmark() {
    }

    public static void main(String[] args) throws Exception {
        int seconds = args.length > 0 ? Integer.parseInt(args[0]) : 5;
        // The flags bin/slurmctld starts the controller with (also for ""), (libexec/jslurm-java, role "controller").
        String jvm = args.length > 1 && !args[1].isBlank() ? args[1]
                : "-XX:+UseSerialGC -Xms48m -Xmn24m -Xss512k -XX:ReservedCodeCacheSize=64m";
        int[] clientCounts = args.length > 2 ? java.util.Arrays.stream(args[2].split(",")).mapToInt(Integer::parseInt)
                .toArray() : new int[] {4, 16, 64};
        int depth = args.length > 3 ? Integer.parseInt(args[3]) : 1;
        int warmUp = args.length > 4 ? Integer.parseInt(args[4]) : 2;
        Path dir = Files.createTempDirectory("ctld-bench");
        try (ControllerProcess ctld = new ControllerProcess(dir, RestartTest.CLUSTER)) {
            ctld.start(jvm.split(" "));
            // In two halves, each on its own connections: the first closing and the next opening made the JIT
            // recompile the dispatcher, which then fell in the first measured run.
            int warmClients = args.length > 4 ? clientCounts[0] : 4;
            int warmDepth = args.length > 4 ? depth : 1;
            long warmed = run(ctld, warmClients, warmDepth, (warmUp + 1) / 2)
                    + run(ctld, warmClients, warmDepth, warmUp / 2);
            System.out.printf("warm-up: %d submissions in %d s%n", warmed, warmUp);
            for (int clients : clientCounts) {
                long cpuBefore = cpuMillis(ctld.pid());
                ThreadCpu threadsBefore = ThreadCpu.read(ctld.pid());
                ThreadAllocation allocationBefore = ThreadAllocation.read(ctld.pid());
                SyscallCount syscalls = SyscallCount.start(ctld.pid(), seconds);
                long jobs = run(ctld, clients, depth, seconds);
                long cpu = cpuMillis(ctld.pid()) - cpuBefore;
                // CPU per submission is the figure to compare on a shared machine: the rate depends on the neighbours.
                System.out.printf("FIGURE submissions/s with %d clients%s: %.0f (durable, loopback, %d s); controller "
                        + "CPU %.0f us per submission%n", clients, depth > 1 ? ", " + depth + " in flight each" : "",
                        jobs / (double) seconds, seconds, cpu * 1000.0 / Math.max(1, jobs));
                syscalls.print(jobs);
                System.out.println(ThreadCpu.read(ctld.pid()).perSubmission(threadsBefore, jobs));
                System.out.println(ThreadAllocation.read(ctld.pid()).perSubmission(allocationBefore, jobs));
            }
        }
        if (args.length > 2) {
            return;
        }
        Path fresh = Files.createTempDirectory("ctld-rss");
        try (ControllerProcess ctld = new ControllerProcess(fresh, RestartTest.CLUSTER)) {
            ctld.start(jvm.split(" "));
            System.out.printf("FIGURE slurmctld RSS with 0 jobs: %d MiB%n", rssMib(ctld.pid()));
            submitExactly(ctld, 8, 10_000);
            Thread.sleep(3000);
            System.out.printf("FIGURE slurmctld RSS with 10000 jobs: %d MiB (%s)%n", rssMib(ctld.pid()), jvm);
            System.out.printf("FIGURE slurmctld heap in use with 10000 jobs after a full GC: %s%n",
                    heapAfterGc(ctld.pid()));
        }
    }

    private static long run(ControllerProcess ctld, int clients, int depth, int seconds) throws Exception {
        AtomicBoolean stop = new AtomicBoolean();
        AtomicLong done = new AtomicLong();
        BooleanSupplier more = () -> {
            if (stop.get()) {
                return false;
            }
            done.addAndGet(depth);
            return true;
        };
        List<Thread> threads = depth > 1 ? pipelined(ctld, clients, depth, more) : submitters(ctld, clients, more);
        Thread.sleep(seconds * 1000L);
        long count = done.get();
        stop.set(true);
        for (Thread thread : threads) {
            thread.join();
        }
        return count;
    }

    private static void submitExactly(ControllerProcess ctld, int clients, int total) throws Exception {
        AtomicLong left = new AtomicLong(total);
        for (Thread thread : submitters(ctld, clients, () -> left.getAndDecrement() > 0)) {
            thread.join();
        }
    }

    /** Threads that each submit over their own connection while {@code more} says so. */
    private static List<Thread> submitters(ControllerProcess ctld, int clients, BooleanSupplier more)
            throws Exception {
        List<Thread> threads = new ArrayList<>();
        SubmitBatchJobRequest request = request();
        for (int i = 0; i < clients; i++) {
            RpcClient<ClientMessage> client = ctld.client(ControllerFixture.ALICE);
            Thread thread = new Thread(() -> {
                try (client) {
                    while (more.getAsBoolean()) {
                        client.call(request);
                    }
                } catch (Exception e) {
                    throw new IllegalStateException(e);
                }
            });
            thread.start();
            threads.add(thread);
        }
        return threads;
    }

    /** Threads that each keep {@code depth} submissions in flight on their own connection while {@code more} says. */
    private static List<Thread> pipelined(ControllerProcess ctld, int clients, int depth, BooleanSupplier more)
            throws Exception {
        List<Thread> threads = new ArrayList<>();
        SubmitBatchJobRequest request = request();
        for (int i = 0; i < clients; i++) {
            PipelinedSubmitter client = new PipelinedSubmitter(ctld.address(),
                    ctld.credentials(ControllerFixture.ALICE));
            Thread thread = new Thread(() -> {
                try (client) {
                    while (more.getAsBoolean()) {
                        client.submit(request, depth);
                    }
                } catch (Exception e) {
                    throw new IllegalStateException(e);
                }
            });
            thread.start();
            threads.add(thread);
        }
        return threads;
    }

    private static SubmitBatchJobRequest request() {
        return SubmitBatchJobRequest.newBuilder()
                .setJob(ControllerFixture.job(ControllerFixture.ALICE, "alice").setTimeLimitMinutes(5)).build();
    }

    /** What the job table really holds: the heap after {@code jcmd GC.run}, as {@code GC.heap_info} reports it. */
    private static String heapAfterGc(long pid) throws Exception {
        String jcmd = Path.of(System.getProperty("java.home"), "bin", "jcmd").toString();
        new ProcessBuilder(jcmd, Long.toString(pid), "GC.run").redirectErrorStream(true).start().waitFor();
        Process info = new ProcessBuilder(jcmd, Long.toString(pid), "GC.heap_info").redirectErrorStream(true).start();
        String text = new String(info.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
        info.waitFor();
        return text.lines().filter(line -> line.contains("used")).findFirst().orElse("?").strip();
    }

    /** User plus system CPU time of a process so far, from {@code /proc/<pid>/stat} (clock ticks of 10 ms). */
    private static long cpuMillis(long pid) throws Exception {
        String stat = Files.readString(Path.of("/proc", Long.toString(pid), "stat"));
        String[] fields = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
        return (Long.parseLong(fields[11]) + Long.parseLong(fields[12])) * 10;
    }

    private static long rssMib(long pid) throws Exception {
        for (String line : Files.readAllLines(Path.of("/proc", Long.toString(pid), "status"))) {
            if (line.startsWith("VmRSS:")) {
                return Long.parseLong(line.replaceAll("[^0-9]", "")) / 1024;
            }
        }
        return -1;
    }
}
