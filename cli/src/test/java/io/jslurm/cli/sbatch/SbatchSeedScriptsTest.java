package io.jslurm.cli.sbatch;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jslurm.cli.submit.ClientFlags;
import io.jslurm.cli.submit.ExportPolicy;
import io.jslurm.cli.submit.JobSubmission;
import io.jslurm.cli.submit.MemoryRequest;
import io.jslurm.cli.submit.NodeCount;
import io.jslurm.cli.submit.Priority;
import io.jslurm.cli.submit.Resources;
import io.jslurm.cli.submit.Scheduling;
import io.jslurm.cli.submit.StandardStreams;
import io.jslurm.cli.submit.SubmitException;
import io.jslurm.common.gres.Gres;
import io.jslurm.common.gres.GresSpec;
import io.jslurm.common.jobid.ArraySpec;
import io.jslurm.common.signal.Signal;
import io.jslurm.common.signal.SignalSpec;
import io.jslurm.common.time.TimeLimit;
import io.jslurm.common.units.MemorySize;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;

/** The job scripts of the project's source documents, submitted as written. */
class SbatchSeedScriptsTest {

    private static final String SEEDS = "fixtures";

    @Test
    void singleNodeFineTune() {
        JobSubmission job = Submissions.parse(SEEDS, "seed000-finetune.sh");

        assertThat(job.name()).isEqualTo("llm-finetune");
        assertThat(job.script().text()).isEqualTo(TestSystem.read(SEEDS, "seed000-finetune.sh"));
        assertThat(job.script().path()).contains("seed000-finetune.sh");
        assertThat(job.scriptArguments()).isEmpty();
        assertThat(job.workDir()).isEqualTo(TestSystem.WORK_DIR);
        assertThat(job.streams()).isEqualTo(new StandardStreams("/dev/null", "logs/finetune_%j.out",
                Optional.of("logs/finetune_%j.err")));
        Resources resources = job.resources();
        assertThat(resources.nodes()).contains(NodeCount.exactly(1));
        assertThat(resources.ntasksPerNode()).hasValue(1);
        assertThat(resources.ntasks()).hasValue(1);
        assertThat(resources.gres()).contains(new GresSpec(List.of(Gres.of("gpu", "a100", 8))));
        assertThat(resources.cpusPerTask()).hasValue(32);
        assertThat(resources.memory()).contains(new MemoryRequest.PerNode(MemorySize.ofGibibytes(256)));
        assertThat(resources.gpus()).isEmpty();
        assertThat(resources.exclusive()).isEmpty();
        Scheduling scheduling = job.scheduling();
        assertThat(scheduling.partition()).contains("train");
        assertThat(scheduling.timeLimit()).contains(TimeLimit.ofMinutes(24 * 60));
        assertThat(scheduling.array()).isEmpty();
        assertThat(scheduling.begin()).isEmpty();
        assertThat(scheduling.hold()).isFalse();
        assertThat(job.submitter()).isEqualTo(TestSystem.ALICE);
        assertThat(job.export()).isEqualTo(ExportPolicy.DEFAULT);
        assertThat(job.client()).isEqualTo(new ClientFlags(false, false, false, false, 0));
    }

    @Test
    void fourNodeDeepSpeedPretraining() {
        JobSubmission job = Submissions.parse(SEEDS, "seed000-pretrain.sh");

        assertThat(job.name()).isEqualTo("llm-pretrain");
        assertThat(job.resources().nodes()).contains(NodeCount.exactly(4));
        assertThat(job.resources().ntasksPerNode()).hasValue(8);
        assertThat(job.resources().ntasks()).hasValue(32);
        assertThat(job.resources().gres()).contains(GresSpec.parse("gpu:a100:8"));
        assertThat(job.resources().cpusPerTask()).hasValue(8);
        assertThat(job.resources().memory()).contains(new MemoryRequest.PerNode(MemorySize.ofGibibytes(512)));
        assertThat(job.scheduling().timeLimit()).contains(TimeLimit.ofMinutes(7 * 24 * 60));
        assertThat(job.streams().output()).isEqualTo("logs/pretrain_%j.out");
        assertThat(job.streams().error()).contains("logs/pretrain_%j.err");
    }

    @Test
    void hyperparameterSearchArray() {
        JobSubmission job = Submissions.parse(SEEDS, "seed000-hparam.sh");

        assertThat(job.name()).isEqualTo("hparam-search");
        assertThat(job.scheduling().array()).contains(ArraySpec.parse("0-15"));
        assertThat(job.scheduling().array().orElseThrow().ranges())
                .containsExactly(new ArraySpec.Range(0, 15, 1));
        assertThat(job.resources().nodes()).contains(NodeCount.exactly(1));
        assertThat(job.resources().gres()).contains(GresSpec.parse("gpu:a100:2"));
        assertThat(job.resources().memory()).contains(new MemoryRequest.PerNode(MemorySize.ofGibibytes(64)));
        assertThat(job.scheduling().timeLimit()).contains(TimeLimit.ofMinutes(8 * 60));
        assertThat(job.streams().output()).isEqualTo("logs/hparam_%A_%a.out");
        assertThat(job.streams().error()).isEmpty();
    }

    @Test
    void checkpointingJobAsksForASignalBeforeItsLimit() {
        JobSubmission job = Submissions.parse(SEEDS, "seed000-long-pretrain.sh");

        assertThat(job.name()).isEqualTo("long-pretrain");
        assertThat(job.scheduling().timeLimit()).contains(TimeLimit.ofMinutes(7 * 24 * 60));
        assertThat(job.scheduling().signal()).contains(new SignalSpec(Signal.parse("USR1"), 90, false, false));
        assertThat(job.streams().output()).isEqualTo("slurm-%j.out");
        assertThat(job.resources().nodes()).isEmpty();
        assertThat(job.resources().memory()).isEmpty();
    }

    /**
     * Slurm does not expand variables in directives, so {@code --nodes=$NUM_NODES} is refused, even when the
     * command line gives {@code -N}: the script is read first.
     */
    @Test
    void axolotlTemplateRefusesTheUnexpandedNodeCount() {
        assertThatThrownBy(() -> Submissions.parse(SEEDS, Map.of("NUM_NODES", "2"), "-N", "2",
                "seed003-axolotl.slurm"))
                .isInstanceOf(SubmitException.class)
                .hasMessage("line 4 of seed003-axolotl.slurm: \"$NUM_NODES\" is not a valid node count")
                .satisfies(e -> assertThat(((SubmitException) e).exitCode()).isEqualTo(255));
    }

    @Test
    void axolotlTemplateWithTheNodeCountWrittenIn() {
        JobSubmission job = Submissions.parse(SEEDS, "--priority=TOP", "--network=ib", "seed003-axolotl-2nodes.slurm");

        assertThat(job.name()).isEqualTo("axolotl-slurm-multinode");
        assertThat(job.resources().nodes()).contains(NodeCount.exactly(2));
        assertThat(job.resources().ntasksPerNode()).hasValue(1);
        assertThat(job.resources().ntasks()).as("derived from nodes and tasks per node").hasValue(2);
        assertThat(job.resources().gpusPerTask()).contains(new GresSpec(List.of(Gres.of("gpu", 8))));
        assertThat(job.resources().cpusPerTask()).hasValue(128);
        assertThat(job.resources().network()).contains("ib");
        assertThat(job.scheduling().priority()).contains(Priority.TOP);
        assertThat(job.streams().output()).isEqualTo("slurm-%j.out");
    }

    @Test
    void containerisedTensorFlowJobWithItsLineBreaksRestored() {
        JobSubmission job = Submissions.parse(SEEDS, "seed004-tensorflow.sh");

        assertThat(job.name()).isEqualTo("tensorflow_train");
        assertThat(job.streams().output()).isEqualTo("logs/train_%j.out");
        assertThat(job.streams().error()).contains("logs/train_%j.err");
        assertThat(job.scheduling().partition()).contains("gpu");
        assertThat(job.resources().nodes()).contains(NodeCount.exactly(1));
        assertThat(job.resources().ntasks()).hasValue(1);
        assertThat(job.resources().gres()).contains(GresSpec.parse("gpu:4"));
        assertThat(job.resources().cpusPerTask()).hasValue(8);
        assertThat(job.resources().memory()).contains(new MemoryRequest.PerNode(MemorySize.ofGibibytes(64)));
        assertThat(job.scheduling().timeLimit()).contains(TimeLimit.ofMinutes(24 * 60));
        assertThat(job.script().text()).contains("singularity exec \\\n    --nv \\\n");
    }

    @Test
    void sharedGpuWithMemoryPerGpuOnOneDirectiveLine() {
        JobSubmission job = Submissions.parse(SEEDS, "seed004-shared-gpu.sh");

        assertThat(job.name()).isEqualTo("seed004-shared-gpu.sh");
        assertThat(job.resources().gres()).contains(GresSpec.parse("gpu:1"));
        assertThat(job.resources().memory()).contains(new MemoryRequest.PerGpu(MemorySize.ofGibibytes(10)));
        assertThat(job.resources().ntasks()).isEqualTo(OptionalInt.empty());
    }

    @Test
    void qosFromTheCommandLineAsInTheQosSection() {
        JobSubmission job = Submissions.parse(SEEDS, "--qos=priority-train", "seed000-finetune.sh");

        assertThat(job.scheduling().qos()).contains("priority-train");
        assertThat(job.scheduling().partition()).contains("train");
    }

    @Test
    void everySeedScriptKeepsItsTextAndArguments() {
        for (String script : List.of("seed000-finetune.sh", "seed000-pretrain.sh", "seed000-hparam.sh",
                "seed000-long-pretrain.sh", "seed003-axolotl-2nodes.slurm", "seed004-tensorflow.sh",
                "seed004-shared-gpu.sh")) {
            JobSubmission job = Submissions.parse(SEEDS, script, "--epochs", "3");
            assertThat(job.script().text()).isEqualTo(TestSystem.read(SEEDS, script));
            assertThat(job.scriptArguments()).containsExactly("--epochs", "3");
        }
    }
}
