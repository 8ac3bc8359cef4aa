package io.jslurm.slurmd.cgroup;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class CgroupLayoutTest {
    @Test
    void pathsFollowUidJobStep() {
        CgroupLayout layout = CgroupLayout.shared();
        assertThat(layout.job(1000, 42)).isEqualTo("jslurm/uid_1000/job_42");
        assertThat(layout.step(1000, 42, StepName.BATCH)).isEqualTo("jslurm/uid_1000/job_42/step_batch");
        assertThat(layout.step(1000, 42, StepName.EXTERN)).isEqualTo("jslurm/uid_1000/job_42/step_extern");
        assertThat(layout.step(0, 7, StepName.of(3))).isEqualTo("jslurm/uid_0/job_7/step_3");
    }

    @Test
    void nodeNameSeparatesSlurmdsOnOneHost() {
        assertThat(CgroupLayout.forNode("gpu-01").job(1000, 42)).isEqualTo("jslurm_gpu-01/uid_1000/job_42");
    }

    @Test
    void nodeNamesThatCannotBeDirectoriesAreRejected() {
        assertThatThrownBy(() -> CgroupLayout.forNode("a/b")).hasMessageContaining("'a/b'");
        assertThatThrownBy(() -> CgroupLayout.forNode("..x y")).hasMessageContaining("cannot name a cgroup");
    }

    @Test
    void stepNamesReadBackFromDirectories() {
        assertThat(StepName.fromDirectory("step_batch")).isEqualTo(StepName.BATCH);
        assertThat(StepName.fromDirectory("step_12")).isEqualTo(StepName.of(12));
        assertThat(StepName.of(12).directoryName()).isEqualTo("step_12");
        assertThatThrownBy(() -> StepName.fromDirectory("task_0")).hasMessageContaining("task_0");
        assertThatThrownBy(() -> new StepName("0x1")).hasMessageContaining("not a step name");
    }

    @Test
    void jobIdsMustBePositive() {
        assertThatThrownBy(() -> CgroupLayout.shared().job(1000, 0)).hasMessageContaining("positive");
    }
}
