package io.jslurm.cli.sbatch;

import static org.assertj.core.api.Assertions.assertThat;

import io.jslurm.cli.scancel.Scancel;
import io.jslurm.cli.scontrol.Scontrol;
import io.jslurm.cli.sinfo.Sinfo;
import io.jslurm.cli.squeue.Squeue;
import io.jslurm.cli.testing.Console;
import io.jslurm.cli.testing.LoopbackController;
import java.io.ByteArrayInputStream;
import java.nio.file.Path;
import java.time.InstantSource;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The commands against the real controller on loopback, found through SLURM_CONF and signed with the cluster
 * key as the user running the test: sbatch, squeue, scontrol, scancel, squeue again.
 */
class LoopbackTest {

    @TempDir
    Path dir;
    private LoopbackController controller;

    @BeforeEach
    void start() {
        controller = LoopbackController.start(dir, """
                NodeName=DEFAULT NodeAddr=127.0.0.1 CPUs=8 RealMemory=16000
                NodeName=gpu01
                NodeName=gpu02
                PartitionName=batch Nodes=ALL Default=YES MaxTime=60 State=UP
                """);
    }

    @AfterEach
    void stop() {
        if (controller != null) {
            controller.close();
        }
    }

    private Console console() {
        return controller.console();
    }

    private Console sbatch(int expected, String... args) {
        Console console = console();
        Sbatch sbatch = new Sbatch(ProcessContext.current(InstantSource.system(), dir), new SbatchSender(console.env()));
        assertThat(sbatch.run(List.of(args), console.env().out(), console.env().err())).as(console.err())
                .isEqualTo(expected);
        return console;
    }

    private Console squeue(String... args) {
        Console console = console();
        assertThat(new Squeue(console.env()).run(List.of(args))).as(console.err()).isZero();
        return console;
    }

    private Console scancel(int expected, String... args) {
        Console console = console();
        assertThat(new Scancel(console.env(), new ByteArrayInputStream(new byte[0])).run(List.of(args)))
                .as(console.err()).isEqualTo(expected);
        return console;
    }

    private Console scontrol(int expected, String... args) {
        Console console = console();
        assertThat(new Scontrol(console.env()).run(args)).as(console.err()).isEqualTo(expected);
        return console;
    }

    @Test
    void submitListCancelList() {
        String submitted = sbatch(0, "--wrap=true", "-J", "loop").out();
        assertThat(submitted).matches("Submitted batch job \\d+\n");
        String first = submitted.substring("Submitted batch job ".length()).strip();
        String second = sbatch(0, "--parsable", "--wrap=true", "-t", "5").out().strip();
        assertThat(second).isEqualTo(Long.toString(Long.parseLong(first) + 1));

        assertThat(squeue("-h", "-o", "%i %j %t %l").out()).contains(first + " loop PD ", second + " wrap PD 5:00");
        assertThat(scontrol(0, "show", "job", first).out()).startsWith("JobId=" + first + " JobName=loop\n")
                .contains("   JobState=PENDING ", "   Partition=batch ");

        assertThat(scancel(0, first).err()).isEmpty();
        assertThat(squeue("-h", "-o", "%i").out()).doesNotContain(first + "\n").contains(second + "\n");
        assertThat(squeue("-h", "-t", "CA", "-o", "%i %T").out()).contains(first + " CANCELLED");

        assertThat(scancel(1, "999999").err()).isEqualTo(
                "scancel: error: Kill job error on job id 999999: Invalid job id specified\n");
        assertThat(scontrol(1, "show", "job", "999999").err()).isEqualTo(
                "slurm_load_jobs error: Invalid job id specified\n");
    }

    @Test
    void holdReleaseUpdateAndNodes() {
        String job = sbatch(0, "--parsable", "--wrap=true", "-t", "5").out().strip();
        assertThat(scontrol(0, "hold", job).err()).isEmpty();
        assertThat(squeue("-h", "-j", job, "-o", "%r").out()).isNotEqualTo("None\n");
        assertThat(scontrol(0, "release", job).err()).isEmpty();
        assertThat(scontrol(0, "update", "JobId=" + job, "TimeLimit=10").err()).isEmpty();
        assertThat(squeue("-h", "-j", job, "-o", "%l").out()).isEqualTo("10:00\n");

        assertThat(scontrol(0, "ping").out()).isEqualTo("Slurmctld(primary) at localhost is UP\n");
        Console nodes = console();
        assertThat(new Sinfo(nodes.env()).run(List.of("-h", "-o", "%P %D %N"))).as(nodes.err()).isZero();
        assertThat(nodes.out()).isEqualTo("batch* 2 gpu[01-02]\n");
        assertThat(scontrol(0, "show", "node", "gpu01").out()).startsWith("NodeName=gpu01 ");
        assertThat(scontrol(0, "show", "partition").out()).startsWith("PartitionName=batch\n");
    }
}
