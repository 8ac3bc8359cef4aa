package io.jslurm.common.dependency;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jslurm.common.jobid.JobIdSpec;
import io.jslurm.common.text.InvalidValueException;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class DependencyTest {

    @ParameterizedTest
    @CsvSource(delimiter = '#', value = {
        "afterok:123 # afterok:123",
        "afterok:123:124 # afterok:123,afterok:124",
        "after:123+10:456 # after:123+10,after:456",
        "afterany:5,afternotok:6 # afterany:5,afternotok:6",
        "afternotok:7?afterok:8 # afternotok:7?afterok:8",
        "singleton # singleton",
        "afterok:123,singleton # afterok:123,singleton",
        "aftercorr:9_2 # aftercorr:9_2",
        "afterburstbuffer:11 # afterburstbuffer:11",
        "AFTEROK:12 # afterok:12",
    })
    void splitsIntoOneConditionPerJob(String input, String printed) {
        Dependency dependency = Dependency.parse(input);
        assertThat(dependency).hasToString(printed);
        assertThat(Dependency.parse(printed)).isEqualTo(dependency);
    }

    @Test
    void exposesConditionsAndDescribesStates() {
        Dependency dependency = Dependency.parse("after:123+10:456");
        assertThat(dependency.anyOf()).isFalse();
        assertThat(dependency.conditions()).containsExactly(
                new DependencyCondition(DependencyType.AFTER, java.util.Optional.of(JobIdSpec.job(123)), 10),
                DependencyCondition.on(DependencyType.AFTER, JobIdSpec.job(456)));
        assertThat(dependency.describe(c -> "unfulfilled"))
                .isEqualTo("after:123+10(unfulfilled),after:456(unfulfilled)");
        assertThat(Dependency.anyOf(List.of(DependencyCondition.SINGLETON))).hasToString("singleton");
    }

    @ParameterizedTest
    @CsvSource(delimiter = '#', value = {
        "afterok:1,afterok:2?afterok:3 # Invalid dependency: afterok:1,afterok:2?afterok:3 (cannot mix ',' (all of) and '?' (any of))",
        "afterok # Invalid dependency: afterok (afterok needs at least one job id)",
        "afterok:x # Invalid dependency: afterok:x (invalid job id 'x')",
        "afterok:123+5 # Invalid dependency: afterok:123+5 (only after takes +minutes, not afterok)",
        "singleton:5 # Invalid dependency: singleton:5 (singleton takes no job ids)",
        "afterok:123.0 # Invalid dependency: afterok:123.0 ('123.0' is not a job or an array task)",
        "after:123+x # Invalid dependency: after:123+x (expected minutes after '+', got 'x')",
    })
    void rejectsBadExpressionsNamingThem(String input, String message) {
        assertThatThrownBy(() -> Dependency.parse(input)).isInstanceOf(InvalidValueException.class)
                .hasMessage(message);
    }

    @Test
    void unknownTypesListTheKnownOnes() {
        assertThatThrownBy(() -> Dependency.parse("before:5")).isInstanceOf(InvalidValueException.class)
                .hasMessage("Invalid dependency: before:5 (unknown dependency type 'before'; expected TYPE:JOBID"
                        + "[:JOBID...] or singleton, joined by ',' or '?', where TYPE is after, afterany, "
                        + "afterburstbuffer, aftercorr, afternotok or afterok)");
        assertThatThrownBy(() -> Dependency.parse("")).isInstanceOf(InvalidValueException.class);
        assertThatThrownBy(() -> Dependency.parse("afterok:1,,afterok:2")).isInstanceOf(InvalidValueException.class);
    }
}
