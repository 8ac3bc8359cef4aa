package io.jslurm.cli.sbatch;

import static org.assertj.core.api.Assertions.assertThat;

import io.jslurm.cli.scancel.Scancel;
import io.jslurm.cli.scontrol.Scontrol;
import io.jslurm.cli.sinfo.Sinfo;
import io.jslurm.cli.squeue.Squeue;
import io.jslurm.cli.testing.Console;
import io.jslurm.cli.testing.LoopbackController;
import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.InstantSource;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Holds, partition states, interactive cancel and reconfiguration, each through the commands against a real
 * controller on loopback (no slurmd: the jobs stay pending).
 */
class ControllerCommandsLoopbackTest {

    private static final String NODES = """
            NodeName=DEFAULT NodeAddr=127.0.0.1 CPUs=8 RealMemory=16000
            NodeName=n01
            NodeName=n02
            PartitionName=batch Nodes=ALL Default=YES MaxTime=60 State=UP
            """;

    @TempDir
    Path dir;
    private LoopbackController cluster;

    @BeforeEach
    void start() {
        cluster = LoopbackController.start(dir, NODES);
    }

    @AfterEach
    void stop() {
        if (cluster != null) {
            cluster.close();
        }
    }

    private Console sbatch(int expected, String... args) {
        Console console = cluster.console();
        Sbatch sbatch = new Sbatch(ProcessContext.current(InstantSource.system(), dir), new SbatchSender(console.env()));
        assertThat(sbatch.run(List.of(args), console.env().out(), console.env().err())).as(console.err())
                .isEqualTo(expected);
        return console;
    }

    private String submit() {
        return sbatch(0, "--parsable", "--wrap=true", "-t", "5").out().strip();
    }

    private String squeue(String... args) {
        Console console = cluster.console();
        assertThat(new Squeue(console.env()).run(List.of(args))).as(console.err()).isZero();
        return console.out();
    }

    private String sinfo(String... args) {
        Console console = cluster.console();
        assertThat(new Sinfo(console.env()).run(List.of(args))).as(console.err()).isZero();
        return console.out();
    }

    private Console scontrol(int expected, String... args) {
        Console console = cluster.console();
        assertThat(new Scontrol(console.env()).run(args)).as(console.err() + console.out()).isEqualTo(expected);
        return console;
    }

    private Console scancel(int expected, String answers, String... args) {
        Console console = cluster.console();
        var in = new ByteArrayInputStream(answers.getBytes(StandardCharsets.UTF_8));
        assertThat(new Scancel(console.env(), in).run(List.of(args))).as(console.err()).isEqualTo(expected);
        return console;
    }

    @Test
    void userHoldShowsItsReasonUntilReleased() {
        String job = submit();
        scontrol(0, "uhold", job);
        assertThat(squeue("-h", "-j", job, "-o", "%t %r")).isEqualTo("PD JobHeldUser\n");
        assertThat(scontrol(0, "show", "job", job).out()).contains(" Priority=0 ", " Reason=JobHeldUser ");
        scontrol(0, "release", job);
        assertThat(squeue("-h", "-j", job, "-o", "%r")).isNotEqualTo("JobHeldUser\n");
        scontrol(0, "hold", job);
        assertThat(squeue("-h", "-j", job, "-o", "%r")).isEqualTo("JobHeldAdmin\n");
    }

    @Test
    void requeueHoldNeedsAJobThatHasStartedAndAJobThatExists() {
        String job = submit();
        // Without slurmd the job never starts: there is nothing to requeue, and it stays pending, unheld.
        assertThat(scontrol(1, "requeuehold", job).err())
                .isEqualTo("Job can not be altered now, try again later for job " + job + "\n");
        assertThat(squeue("-h", "-j", job, "-o", "%t %r")).isEqualTo("PD None\n");
        assertThat(scontrol(1, "requeuehold", "999").err()).isEqualTo("Invalid job id specified for job 999\n");
        assertThat(scontrol(1, "requeuehold").err()).isEqualTo("too few arguments for keyword:requeuehold\n");
    }

    @Test
    void drainedAndInactivePartitionsRefuseSubmissions() throws Exception {
        String good = Files.readString(cluster.conf());
        for (String state : List.of("DRAIN", "INACTIVE")) {
            Files.writeString(cluster.conf(), good.replace("State=UP", "State=" + state));
            scontrol(0, "reconfigure");
            assertThat(scontrol(0, "show", "partition", "batch").out()).contains(" State=" + state + " ");
            assertThat(sbatch(1, "--wrap=true").err()).isEqualTo(
                    "sbatch: error: Batch job submission failed: Required partition not available (inactive or drain)\n");
        }
        assertThat(sinfo("-h", "-o", "%P %a")).isEqualTo("batch* inact\n");
        assertThat(squeue("-h")).isEmpty();
        Files.writeString(cluster.conf(), good);
        scontrol(0, "reconfigure");
        assertThat(sinfo("-h", "-o", "%P %a")).isEqualTo("batch* up\n");
        assertThat(submit()).isEqualTo("1");
    }

    @Test
    void partitionUpdatesTakeEffectAtOnceUntilReconfigure() throws Exception {
        scontrol(0, "update", "PartitionName=batch", "State=DRAIN", "MaxTime=30", "PriorityTier=4");
        assertThat(scontrol(0, "show", "partition", "batch").out())
                .contains(" State=DRAIN ", " MaxTime=00:30:00 ", " PriorityTier=4 ");
        assertThat(sinfo("-h", "-o", "%P %a %l")).isEqualTo("batch* drain 30:00\n");
        assertThat(sbatch(1, "--wrap=true").err()).isEqualTo(
                "sbatch: error: Batch job submission failed: Required partition not available (inactive or drain)\n");

        scontrol(0, "update", "PartitionName=batch", "State=UP");
        assertThat(submit()).isEqualTo("1");
        assertThat(scontrol(1, "update", "PartitionName=nosuch", "State=DOWN").err())
                .isEqualTo("slurm_update error: Invalid partition name specified\n");
        assertThat(scontrol(1, "update", "PartitionName=batch", "Nodes=n0[1-3]").err())
                .isEqualTo("slurm_update error: Invalid node name specified\n");

        // As in Slurm without ReconfigFlags=KeepPartInfo: reconfigure reads the partition from slurm.conf again.
        scontrol(0, "reconfigure");
        assertThat(sinfo("-h", "-o", "%P %a %l")).isEqualTo("batch* up 1:00:00\n");
    }

    @Test
    void interactiveCancelAsksAboutEachJob() {
        String kept = sbatch(0, "--parsable", "--wrap=true", "-J", "keep").out().strip();
        String gone = sbatch(0, "--parsable", "--wrap=true", "-J", "gone").out().strip();
        Console asked = scancel(0, "n\ny\n", "-i", kept, gone);
        assertThat(asked.out()).isEqualTo("Cancel job_id=" + kept + " name=keep partition=batch [y/n]? "
                + "Cancel job_id=" + gone + " name=gone partition=batch [y/n]? ");
        assertThat(squeue("-h", "-o", "%i %T", "-t", "all")).contains(kept + " PENDING", gone + " CANCELLED");
    }

    @Test
    void aBadConfigurationIsRefusedAndTheOldOneKept() throws Exception {
        Path conf = cluster.conf();
        String good = Files.readString(conf);
        Files.writeString(conf, good.replace("MaxTime=60", "MaxTime=90 Nodes=nosuch[1-2]") + "Bogus=1\n");
        String refused = scontrol(1, "reconfigure").err();
        assertThat(refused).startsWith("slurm_reconfigure error: ").contains(
                "slurm.conf:8: partition 'batch' names node 'nosuch1', which no NodeName line defines",
                "slurm.conf:9: unknown key 'Bogus'");
        // The commands read slurm.conf too, so they get the good file back; the controller kept the old settings.
        Files.writeString(conf, good.replace("MaxTime=60", "MaxTime=90"));
        assertThat(scontrol(0, "show", "partition", "batch").out()).contains(" MaxTime=01:00:00 ", "   Nodes=n[01-02]\n");
        assertThat(submit()).isEqualTo("1");

        scontrol(0, "reconfigure");
        assertThat(scontrol(0, "show", "partition", "batch").out()).contains(" MaxTime=01:30:00 ");
    }

    @Test
    void testOnlyQueuesNothing() {
        assertThat(sbatch(1, "--test-only", "-p", "nosuch", "--wrap=true").err()).isEqualTo(
                "sbatch: error: allocation failure: Invalid partition name specified\n");
        // No slurmd has registered, so no node could start it: Slurm's will-run error.
        assertThat(sbatch(1, "--test-only", "--wrap=true").err()).startsWith(
                "sbatch: error: allocation failure: Requested node configuration is not available");
        assertThat(squeue("-h")).isEmpty();
        assertThat(submit()).isEqualTo("1");
    }

    @Test
    void waitReturnsOnlyOnceTheJobHasLeftTheQueue() throws Exception {
        java.util.concurrent.CompletableFuture<Console> waiting = java.util.concurrent.CompletableFuture.supplyAsync(
                () -> sbatch(0, "--wait", "--parsable", "--wrap=true", "-J", "waited"));
        String job = awaitJobNamed("waited");
        Thread.sleep(1500);
        assertThat(waiting).isNotDone();
        scancel(0, "", job);
        assertThat(waiting.get(30, java.util.concurrent.TimeUnit.SECONDS).out()).isEqualTo(job + "\n");
    }

    @Test
    void waitAnswersWithTheHighestExitStatusAndOneForASignal() {
        var exited = io.jslurm.protocol.proto.JobRecord.newBuilder().setExitCode(3).build();
        var signalled = io.jslurm.protocol.proto.JobRecord.newBuilder().setTermSignal(9).build();
        assertThat(JobWait.status(exited)).isEqualTo(3);
        assertThat(JobWait.status(signalled)).isEqualTo(1);
    }

    private String awaitJobNamed(String name) throws InterruptedException {
        for (int i = 0; i < 100; i++) {
            String id = squeue("-h", "-n", name, "-o", "%i").strip();
            if (!id.isEmpty()) {
                return id;
            }
            Thread.sleep(100);
        }
        throw new AssertionError("no job named " + name);
    }
}
