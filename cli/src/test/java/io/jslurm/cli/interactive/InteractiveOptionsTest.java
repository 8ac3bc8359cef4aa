package io.jslurm.cli.interactive;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jslurm.cli.opt.OptionException;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class InteractiveOptionsTest {

    @Test
    void optionsStopAtTheCommand() {
        InteractiveOptions o = InteractiveOptions.parse(List.of("-N2", "-n", "4", "--label", "--gpus-per-task=a100:1",
                "-m", "cyclic", "hostname", "-n", "9"), Map.of(), "SRUN_");
        assertThat(o.nodes()).hasValue(2);
        assertThat(o.ntasks()).hasValue(4);
        assertThat(o.label()).isTrue();
        assertThat(o.gpusPerTask()).hasValue(1);
        assertThat(o.distribution()).isEqualTo("cyclic");
        assertThat(o.command()).containsExactly("hostname", "-n", "9");
    }

    @Test
    void insideAnAllocationTheJobsTaskCountIsTheDefault() {
        Map<String, String> job = Map.of("SLURM_NTASKS", "8", "SLURM_CPUS_PER_TASK", "2");
        assertThat(InteractiveOptions.parse(List.of("true"), job, "SRUN_").ntasks()).hasValue(8);
        assertThat(InteractiveOptions.parse(List.of("true"), job, "SRUN_").cpusPerTask()).hasValue(2);
        // A layout on the command line replaces the job's.
        assertThat(InteractiveOptions.parse(List.of("-N1", "true"), job, "SRUN_").ntasks()).isEmpty();
        // salloc starts a new job: the surrounding job's count does not apply.
        assertThat(InteractiveOptions.parse(List.of("true"), job, "SALLOC_").ntasks()).isEmpty();
    }

    @Test
    void theCommandsOwnVariablesAreDefaultsTheCommandLineOverrides() {
        Map<String, String> env = Map.of("SRUN_PARTITION", "gpu", "SRUN_NTASKS", "3");
        InteractiveOptions fromEnv = InteractiveOptions.parse(List.of("true"), env, "SRUN_");
        assertThat(fromEnv.partition()).isEqualTo("gpu");
        assertThat(fromEnv.ntasks()).hasValue(3);
        assertThat(InteractiveOptions.parse(List.of("-p", "cpu", "-n1", "true"), env, "SRUN_").partition())
                .isEqualTo("cpu");
    }

    @Test
    void aStepTakesTheJobsGpuBindingAndSallocItsOwnVariable() {
        Map<String, String> job = Map.of("SLURM_GPU_BIND", "closest", "SALLOC_GPU_BIND", "none");
        assertThat(InteractiveOptions.parse(List.of("true"), job, "SRUN_").gpuBind()).isEqualTo("closest");
        assertThat(InteractiveOptions.parse(List.of("--gpu-bind=map_gpu:1", "true"), job, "SRUN_").gpuBind())
                .isEqualTo("map_gpu:1");
        // salloc makes a new job: the binding of one it runs in does not apply, its own variable does.
        assertThat(InteractiveOptions.parse(List.of("true"), job, "SALLOC_").gpuBind()).isEqualTo("none");
        assertThat(InteractiveOptions.parse(List.of("true"), Map.of("SLURM_GPU_BIND", "closest"), "SALLOC_").gpuBind())
                .isEmpty();
    }

    @Test
    void oversubscribeGoesIntoTheRequest() {
        InteractiveOptions shared = InteractiveOptions.parse(List.of("-s", "true"), Map.of(), "SALLOC_");
        assertThat(shared.oversubscribe()).isTrue();
        assertThat(InteractiveOptions.parse(List.of("--oversubscribe", "true"), Map.of(), "SRUN_").oversubscribe())
                .isTrue();
        assertThat(InteractiveOptions.parse(List.of("true"), Map.of(), "SRUN_").oversubscribe()).isFalse();
        assertThat(InteractiveAllocation.request(shared, "true", Map.of(), "/tmp", 1000, 1000, "alice", "h")
                .getOversubscribe()).isTrue();
    }

    @Test
    void countsMustBeNumbers() {
        assertThatThrownBy(() -> InteractiveOptions.parse(List.of("-n", "four", "true"), Map.of(), "SRUN_"))
                .isInstanceOf(OptionException.class).hasMessage("invalid --ntasks argument: four");
    }

    @Test
    void aStepTakesTheJobsMemoryOptionUnlessItGivesOne() {
        Map<String, String> job = Map.of("SLURM_MEM_PER_NODE", "2048");
        InteractiveOptions inherited = InteractiveOptions.parse(List.of("true"), job, "SRUN_");
        assertThat(inherited.memory()).hasValue("2048");
        InteractiveOptions own = InteractiveOptions.parse(List.of("--mem-per-cpu=1G", "true"), job, "SRUN_");
        assertThat(own.memory()).as("any memory option on the command line replaces the job's").isEmpty();
        assertThat(own.memPerCpu()).hasValue("1G");
        assertThat(own.memoryConflict()).isFalse();
        assertThat(InteractiveOptions.parse(List.of("true"), Map.of("SLURM_MEM_PER_GPU", "512"), "SRUN_")
                .memPerGpu()).hasValue("512");
        assertThat(InteractiveOptions.parse(List.of("true"), job, "SALLOC_").memory())
                .as("salloc makes a new job").isEmpty();
        assertThat(InteractiveOptions.parse(List.of("--mem=1G", "--mem-per-gpu=1G", "true"), Map.of(), "SRUN_")
                .memoryConflict()).isTrue();
    }

    @Test
    void wholeAndExactAreFlags() {
        InteractiveOptions o = InteractiveOptions.parse(List.of("--whole", "-c2", "true"), Map.of(), "SRUN_");
        assertThat(o.whole()).isTrue();
        assertThat(o.exact()).isFalse();
        assertThat(InteractiveOptions.parse(List.of("true"), Map.of(), "SRUN_").whole()).isFalse();
    }
}
