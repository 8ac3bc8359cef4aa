package io.jslurm.common.jobid;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jslurm.common.text.InvalidValueException;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class JobIdSpecTest {

    @ParameterizedTest
    @ValueSource(strings = {"123", "123_4", "123_[1-5]", "123_[1,3,5-7]", "123_[1-5%4]", "123.batch", "123.extern",
        "123.interactive", "123.0", "123_4.0", "123_4.batch", "123+0", "123+1.2", "4294967279"})
    void printsSlurmFormsBackUnchanged(String text) {
        assertThat(JobIdSpec.parse(text)).hasToString(text);
    }

    @Test
    void exposesTheParts() {
        JobIdSpec task = JobIdSpec.parse("123_4.0");
        assertThat(task.jobId()).isEqualTo(123);
        assertThat(task.selector()).isEqualTo(new JobIdSpec.ArrayTask(4));
        assertThat(task.step()).contains(StepId.of(0));
        assertThat(task.withoutStep()).hasToString("123_4");
        assertThat(JobIdSpec.parse("123_[5,1-3]")).hasToString("123_[1-3,5]");
        assertThat(JobIdSpec.parse("123.BATCH").step()).contains(StepId.BATCH);
        assertThat(JobIdSpec.step(123, StepId.EXTERN)).hasToString("123.extern");
        assertThat(JobIdSpec.arrayTask(9, 0)).hasToString("9_0");
        assertThat(JobIdSpec.job(7).step()).isEqualTo(Optional.empty());
        assertThat(StepId.BATCH.isNamed()).isTrue();
        assertThat(StepId.of(3).isNamed()).isFalse();
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "abc | Invalid job id: abc (expected JOBID, JOBID_TASK, JOBID_[TASKS], JOBID+COMPONENT, each optionally followed by .STEP)",
        "0 | Invalid job id: 0 (job number must be between 1 and 4294967279)",
        "123_ | Invalid job id: 123_ (expected an array task id after '_', got '')",
        "123_x | Invalid job id: 123_x (expected an array task id after '_', got 'x')",
        "123_[1-5].0 | Invalid job id: 123_[1-5].0 (a step cannot follow a list of array tasks)",
        "123_[5-1] | Invalid job id: 123_[5-1] (invalid array tasks '5-1')",
        "123. | Invalid job id: 123. (missing step after '.')",
        "123.foo | Invalid step id: foo (expected a step number, batch, extern or interactive, got 'foo')",
        "123+ | Invalid job id: 123+ (expected a component number after '+', got '')",
        "-5 | Invalid job id: -5 (expected JOBID, JOBID_TASK, JOBID_[TASKS], JOBID+COMPONENT, each optionally followed by .STEP)",
    })
    void rejectsBadIdsNamingThem(String input, String message) {
        assertThatThrownBy(() -> JobIdSpec.parse(input)).isInstanceOf(InvalidValueException.class)
                .hasMessage(message);
    }
}
