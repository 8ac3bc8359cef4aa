package io.jslurm.slurmd.daemon;

import static org.assertj.core.api.Assertions.assertThat;

import io.jslurm.conf.cgroup.CgroupConfig;
import io.jslurm.protocol.proto.JobState;
import io.jslurm.protocol.proto.PrologLaunch;
import io.jslurm.protocol.proto.TerminateJob;
import io.jslurm.slurmd.cgroup.CgroupBase;
import io.jslurm.slurmd.cgroup.CgroupLayout;
import io.jslurm.slurmd.cgroup.CgroupManager;
import io.jslurm.slurmd.cgroup.Cgroups;
import io.jslurm.slurmd.cgroup.StepName;
import io.jslurm.slurmd.gpu.GpuDetection;
import io.jslurm.slurmd.hw.HostFiles;
import io.jslurm.slurmd.hw.NodeHardware;
import io.jslurm.slurmd.hw.NodeHardwareProbe;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * slurmd in this JVM with Prolog, Epilog and PrologFlags=Alloc,Contain: the controller's PrologLaunch runs
 * the prolog and creates the job's cgroup with its extern step, a batch launch waits for the prolog, and the
 * end runs the epilog and removes the cgroup. Needs root, setpriv, perl and cgroups.
 */
class SlurmdPrologTest {
    private static final NodeHardware HARDWARE = NodeHardwareProbe.thisMachine().probe();

    @TempDir
    static Path root;
    private static TestSite site;
    private static Path hookLog;

    private TestController controller;
    private Slurmd slurmd;

    @BeforeAll
    static void createSite() throws IOException {
        site = TestSite.create(root, HARDWARE.nodeName(), List.of("tp1"));
        hookLog = root.resolve("hooks.log");
        Path prolog = program("prolog", "echo \"$SLURM_SCRIPT_CONTEXT $SLURM_JOB_ID $SLURM_JOB_USER\" >> " + hookLog
                + "\nsleep 0.3\necho warmed > " + site.workDir + "/cache-$SLURM_JOB_ID\n"
                + "[ ! -e " + root + "/fail-$SLURM_JOB_ID ]\n");
        Path epilog = program("epilog", "echo \"$SLURM_SCRIPT_CONTEXT $SLURM_JOB_ID $SLURM_JOB_USER\" >> " + hookLog
                + "\n");
        Files.writeString(site.cluster.slurmConf, "Prolog=" + prolog + "\nEpilog=" + epilog
                + "\nPrologFlags=Alloc,Contain\n", StandardOpenOption.APPEND);
    }

    private static Path program(String name, String body) throws IOException {
        Path file = root.resolve(name);
        Files.writeString(file, "#!/bin/sh\n" + body);
        Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rwxr-xr-x"));
        return file;
    }

    @AfterAll
    static void deleteUser() throws IOException {
        if (site != null) {
            site.close();
        }
    }

    @BeforeEach
    void start() throws Exception {
        controller = TestController.start(site.cluster.key, site.cluster.controllerPort);
        SlurmdOptions options = SlurmdOptions.parse(List.of("-N", "tp1", "-f", site.cluster.slurmConf.toString()),
                Optional.empty());
        slurmd = Slurmd.start(new DaemonCommand(() -> HARDWARE, () -> new GpuDetection.NoLibrary("none"),
                new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8)).setup(options));
        controller.nextRegistration();
    }

    @AfterEach
    void stop() {
        slurmd.close();
        controller.close();
    }

    private int port() {
        return site.cluster.nodePorts.get("tp1");
    }

    private static CgroupManager cgroups() {
        return Cgroups.open(CgroupConfig.defaults(), CgroupLayout.forNode("tp1"), HostFiles.real(),
                CgroupBase.HIERARCHY_ROOT);
    }

    @Test
    void allocationRunsThePrologAndMakesTheJobCgroupAndTheEndRunsTheEpilogAndRemovesIt() throws Exception {
        int jobId = TestJobs.nextId();
        controller.call(port(), PrologLaunch.newBuilder()
                .setJob(TestJobs.launch(jobId, site.user, "tp1", site.workDir, "true")).build());
        await(() -> log().contains("prolog_slurmd " + jobId + " " + site.user.name));
        assertThat(cgroups().findStep(jobId, StepName.EXTERN)).isPresent();

        controller.call(port(), TerminateJob.newBuilder().setJobId(jobId).build());
        await(() -> log().contains("epilog_slurmd " + jobId + " " + site.user.name));
        await(() -> cgroups().findJob(jobId).isEmpty());
        assertThat(log().lines().filter(l -> l.endsWith(" " + jobId + " " + site.user.name)).toList())
                .containsExactly("prolog_slurmd " + jobId + " " + site.user.name,
                        "epilog_slurmd " + jobId + " " + site.user.name);
    }

    @Test
    void theBatchScriptStartsOnlyOnceItsPrologSucceeded() throws Exception {
        int jobId = TestJobs.nextId();
        Path out = site.workDir.resolve("out-" + jobId);
        var launch = TestJobs.launch(jobId, site.user, "tp1", site.workDir,
                "cat " + site.workDir + "/cache-" + jobId + " > " + out);
        controller.call(port(), PrologLaunch.newBuilder().setJob(launch).build());
        controller.call(port(), launch);
        assertThat(controller.nextCompletion().getState()).isEqualTo(JobState.JOB_COMPLETED);
        assertThat(out).hasContent("warmed");
        assertThat(log().lines().filter(l -> l.startsWith("prolog_slurmd " + jobId + " ")).count())
                .as("one prolog for the allocation and the launch").isEqualTo(1);
    }

    @Test
    void aFailedPrologKeepsTheBatchScriptFromStarting() throws Exception {
        int jobId = TestJobs.nextId();
        Files.createFile(root.resolve("fail-" + jobId));
        Path ran = site.workDir.resolve("ran-" + jobId);
        controller.call(port(), TestJobs.launch(jobId, site.user, "tp1", site.workDir, "touch " + ran));
        await(() -> log().contains("prolog_slurmd " + jobId + " "));
        TimeUnit.MILLISECONDS.sleep(1500);
        assertThat(ran).doesNotExist();
        assertThat(slurmd.runningJobs()).doesNotContain((long) jobId);
    }

    private static String log() {
        try {
            return Files.exists(hookLog) ? Files.readString(hookLog) : "";
        } catch (IOException e) {
            return "";
        }
    }

    private static void await(BooleanSupplier condition) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("not reached in 30 s; hook log:\n" + log());
            }
            TimeUnit.MILLISECONDS.sleep(50);
        }
    }
}
