package io.jslurm.slurmctld.job;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class JobIdSpecTest {

    @Test
    void parsesJobAndArrayTask() {
        assertThat(JobIdSpec.parse("123")).isEqualTo(new JobIdSpec(123, Job.NO_TASK));
        assertThat(JobIdSpec.parse("123_4")).isEqualTo(new JobIdSpec(123, 4));
        assertThat(JobIdSpec.parse("123_4")).hasToString("123_4");
        assertThat(JobIdSpec.parse("123").namesTask()).isFalse();
    }

    @Test
    void rejectsGarbage() {
        assertThatThrownBy(() -> JobIdSpec.parse("abc")).hasMessageContaining("Invalid job id specified");
        assertThatThrownBy(() -> JobIdSpec.parse("0")).hasMessageContaining("Invalid job id specified");
        assertThatThrownBy(() -> JobIdSpec.parse("12_x")).hasMessageContaining("Invalid job id specified");
    }

    @Test
    void arraySpecRejectsRepeatedOrNegativeTasks() {
        assertThatThrownBy(() -> ArraySpec.of(0, 1, 3, 1)).hasMessageContaining("repeated");
        assertThatThrownBy(() -> ArraySpec.of(0, -1)).hasMessageContaining("negative");
        assertThatThrownBy(() -> ArraySpec.of(0)).hasMessageContaining("no tasks");
        assertThat(ArraySpec.of(4, 0, 1, 2)).hasToString("[0, 1, 2]%4");
    }
}
