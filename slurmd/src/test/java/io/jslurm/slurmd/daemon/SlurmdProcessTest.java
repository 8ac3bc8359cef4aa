package io.jslurm.slurmd.daemon;

import static org.assertj.core.api.Assertions.assertThat;

import io.jslurm.protocol.proto.JobComplete;
import io.jslurm.protocol.proto.JobState;
import io.jslurm.protocol.proto.NodeRegistration;
import io.jslurm.protocol.proto.RunningJob;
import io.jslurm.slurmd.SlurmdMain;
import io.jslurm.slurmd.hw.NodeHardwareProbe;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * slurmd as its own JVM, started like the launcher starts it: killed with SIGKILL while jobs run,
 * then restarted; the jobs live on and each end is reported exactly once.
 */
class SlurmdProcessTest {
    @TempDir
    static Path root;
    private static TestSite site;
    private TestController controller;
    private final List<Process> processes = new ArrayList<>();

    @BeforeAll
    static void createUserAndCluster() throws IOException {
        site = TestSite.create(root, NodeHardwareProbe.thisMachine().shortHostName(), List.of("pn1"));
    }

    @AfterAll
    static void deleteUser() throws IOException {
        if (site != null) {
            site.close();
        }
    }

    @AfterEach
    void stop() throws InterruptedException {
        for (Process process : processes) {
            process.destroyForcibly();
            process.waitFor(20, TimeUnit.SECONDS);
        }
        if (controller != null) {
            controller.close();
        }
    }

    /** slurmd with the JVM flags the distribution's launcher gives daemons. */
    private Process slurmd() throws IOException {
        Path java = Path.of(System.getProperty("java.home"), "bin", "java");
        Process process = new ProcessBuilder(java.toString(), "-XX:+UseG1GC", "-XX:+ExitOnOutOfMemoryError", "-cp", System.getProperty("java.class.path"),
                SlurmdMain.class.getName(), "-D", "-N", "pn1", "-f", site.cluster.slurmConf.toString())
                .redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.appendTo(root.resolve("slurmd-stderr.log").toFile()))
                .start();
        processes.add(process);
        return process;
    }

    @Test
    void killedSlurmdLeavesJobsRunningAndItsSuccessorReportsEachEndOnce() throws Exception {
        controller = TestController.start(site.cluster.key, site.cluster.controllerPort);
        int port = site.cluster.nodePorts.get("pn1");
        Process first = slurmd();
        assertThat(controller.nextRegistration().getRunningJobsList()).isEmpty();
        Thread.sleep(3_000);
        System.out.println("FIGURE slurmd RSS at idle (separate JVM, the launcher's daemon flags: G1, default heap): "
                + rssKib(first.pid()) / 1024 + " MiB");

        int longJob = TestJobs.nextId();
        int shortJob = TestJobs.nextId();
        Path longReady = site.workDir.resolve("ready-" + longJob);
        Path shortReady = site.workDir.resolve("ready-" + shortJob);
        // The short job ends only once slurmd is gone, however slow this machine is.
        Path shortGo = site.workDir.resolve("go-" + shortJob);
        controller.call(port, TestJobs.launch(longJob, site.user, "pn1", site.workDir,
                "touch " + longReady + "\nsleep 10\necho finished\nexit 5"));
        controller.call(port, TestJobs.launch(shortJob, site.user, "pn1", site.workDir,
                "touch " + shortReady + "\nwhile [ ! -e " + shortGo + " ]; do sleep 0.1; done\nexit 6"));
        SlurmdTest.awaitFile(longReady);
        SlurmdTest.awaitFile(shortReady);

        first.destroyForcibly();
        assertThat(first.waitFor(10, TimeUnit.SECONDS)).isTrue();
        assertThat(first.exitValue()).isEqualTo(137);
        Files.createFile(shortGo);
        Thread.sleep(2_000);
        assertThat(controller.completions).as("nothing reported while slurmd is down").isEmpty();

        slurmd();
        NodeRegistration again = controller.nextRegistration();
        assertThat(again.getRunningJobsList()).extracting(RunningJob::getJobId).contains(longJob);
        Map<Integer, JobComplete> ends = new java.util.HashMap<>();
        for (int i = 0; i < 2; i++) {
            JobComplete end = completionOrLog();
            ends.put(end.getJobId(), end);
        }

        assertThat(ends.get(shortJob).getExitCode()).isEqualTo(6);
        assertThat(ends.get(longJob).getExitCode()).isEqualTo(5);
        assertThat(ends.get(longJob).getState()).isEqualTo(JobState.JOB_FAILED);
        assertThat(Files.readString(site.workDir.resolve("slurm-" + longJob + ".out"))).contains("finished");
        assertThat(controller.completions.poll(3, TimeUnit.SECONDS)).as("a second report").isNull();
        assertThat(Files.readString(site.cluster.logFile("pn1")))
                .contains("re-attached").contains("completion delivered");
    }

    @Test
    void stoppedSlurmdRemovesItsPidFileAndCompletionsWaitForTheController() throws Exception {
        int port = site.cluster.nodePorts.get("pn1");
        Process slurmd = slurmd();
        Path pidFile = root.resolve("run/slurmd-pn1.pid");
        SlurmdTest.awaitFile(pidFile);
        SlurmdTest.awaitTrue(() -> logHas("started as node pn1"));
        int jobId = TestJobs.nextId();
        TestController sender = TestController.start(site.cluster.key, 0);
        try {
            sender.call(port, TestJobs.launch(jobId, site.user, "pn1", site.workDir, "exit 0"));
        } finally {
            sender.close();
        }
        SlurmdTest.awaitTrue(() -> logHas("job " + jobId + ": COMPLETED"));
        assertThat(Files.readString(pidFile).strip()).isEqualTo(Long.toString(slurmd.pid()));

        slurmd.destroy();
        assertThat(slurmd.waitFor(20, TimeUnit.SECONDS)).isTrue();
        assertThat(pidFile).doesNotExist();

        controller = TestController.start(site.cluster.key, site.cluster.controllerPort);
        slurmd();
        JobComplete end = controller.nextCompletion();
        assertThat(end.getJobId()).isEqualTo(jobId);
        assertThat(end.getState()).isEqualTo(JobState.JOB_COMPLETED);
        // Acknowledged on slurmd's side too before it is killed, or its successor rightly sends it again. The
        // acknowledgement may come while the completion's file is still being written, and the job's spool goes
        // only after that: until then a successor would find the job and report it running.
        SlurmdTest.awaitTrue(() -> logHas("job " + jobId + ": completion delivered"));
        SlurmdTest.awaitTrue(() -> Files.notExists(site.cluster.spoolDir("pn1").resolve(String.format("job%05d", jobId))));
    }

    private JobComplete completionOrLog() throws Exception {
        try {
            return controller.nextCompletion();
        } catch (AssertionError e) {
            throw new AssertionError(e.getMessage() + "; slurmd's log:\n" + Files.readString(site.cluster.logFile("pn1"))
                    + "\nstderr:\n" + Files.readString(root.resolve("slurmd-stderr.log")), e);
        }
    }

    private static boolean logHas(String text) {
        try {
            return Files.exists(site.cluster.logFile("pn1")) && Files.readString(site.cluster.logFile("pn1")).contains(text);
        } catch (IOException e) {
            return false;
        }
    }

    private static long rssKib(long pid) throws IOException {
        Map<String, String> status = Files.readAllLines(Path.of("/proc/" + pid + "/status")).stream()
                .filter(line -> line.contains(":"))
                .collect(Collectors.toMap(line -> line.substring(0, line.indexOf(':')),
                        line -> line.substring(line.indexOf(':') + 1).strip(), (a, b) -> a));
        return Long.parseLong(status.get("VmRSS").replaceAll("\\D", ""));
    }
}
