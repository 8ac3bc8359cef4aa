package io.jslurm.slurmd.launch;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jslurm.common.time.TimeLimit;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;

class BatchLaunchTest {
    @Test
    void theNodeMustBeOneOfTheJobs() {
        Jobs jobs = new Jobs();
        jobs.nodeName = "gpu-node09";
        assertThatThrownBy(jobs::build).hasMessageContaining("gpu-node09 is not in the job's nodes gpu-node01");
    }

    @Test
    void perNodeCountsCoverEveryNode() {
        Jobs jobs = new Jobs();
        jobs.nodes = "gpu-node[01-02]";
        assertThatThrownBy(jobs::build).hasMessageContaining("one count for each of the 2 nodes");
    }

    @Test
    void memoryPerNodeAndPerCpuExcludeEachOther() {
        Jobs jobs = new Jobs();
        jobs.memPerNode = OptionalLong.of(1024);
        jobs.memPerCpu = OptionalLong.of(1024);
        assertThatThrownBy(jobs::build).hasMessageContaining("mutually exclusive");
        jobs.memPerNode = OptionalLong.empty();
        jobs.gpuRequest = new GpuRequest(Optional.empty(), Optional.empty(), OptionalInt.empty(), OptionalInt.empty(),
                OptionalLong.of(10240));
        assertThatThrownBy(jobs::build).hasMessageContaining("--mem-per-gpu");
    }

    @Test
    void directoriesAreAbsolute() {
        Jobs jobs = new Jobs();
        jobs.workDir = Path.of("relative");
        assertThatThrownBy(jobs::build).hasMessageContaining("work directory must be absolute");
    }

    @Test
    void nodeIndexIsThePositionInTheNodeList() {
        Jobs jobs = new Jobs();
        jobs.nodes = "gpu-node[01-03]";
        jobs.nodeName = "gpu-node03";
        jobs.tasksPerNode = List.of(1, 1, 1);
        jobs.jobCpusPerNode = List.of(1, 1, 1);
        assertThat(jobs.build().allocation().nodeIndex()).isEqualTo(2);
    }

    @Test
    void endTimeIsStartPlusLimit() {
        Jobs jobs = new Jobs();
        jobs.timeLimit = TimeLimit.ofMinutes(2);
        assertThat(jobs.build().endTime()).contains(Jobs.START.plusSeconds(120));
        jobs.timeLimit = TimeLimit.UNLIMITED;
        assertThat(jobs.build().endTime()).isEmpty();
    }

    @Test
    void openModeReadsSbatchSpelling() {
        assertThat(OpenMode.parse("append")).isEqualTo(OpenMode.APPEND);
        assertThat(OpenMode.parse("truncate")).isEqualTo(OpenMode.TRUNCATE);
        assertThatThrownBy(() -> OpenMode.parse("Append")).hasMessage("invalid --open-mode: Append");
    }
}
