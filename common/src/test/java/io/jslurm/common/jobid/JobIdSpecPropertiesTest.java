package io.jslurm.common.jobid;

import static org.assertj.core.api.Assertions.assertThat;

import io.jslurm.common.cpu.IdSet;
import java.util.Optional;
import java.util.OptionalInt;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

class JobIdSpecPropertiesTest {

    @Property
    void printedIdParsesBack(@ForAll("ids") JobIdSpec id) {
        assertThat(JobIdSpec.parse(id.toString())).isEqualTo(id);
    }

    @Provide
    Arbitrary<JobIdSpec> ids() {
        Arbitrary<Long> jobIds = Arbitraries.longs().between(1, JobIdSpec.MAX_JOB_ID);
        Arbitrary<JobIdSpec.Selector> single = Arbitraries.oneOf(
                Arbitraries.just(new JobIdSpec.Whole()),
                Arbitraries.integers().between(0, 100_000).map(JobIdSpec.ArrayTask::new),
                Arbitraries.integers().between(0, 16).map(JobIdSpec.HetComponent::new));
        Arbitrary<Optional<StepId>> steps = Arbitraries.oneOf(
                Arbitraries.just(Optional.<StepId>empty()),
                Arbitraries.of(StepId.BATCH, StepId.EXTERN, StepId.INTERACTIVE).map(Optional::of),
                Arbitraries.longs().between(0, StepId.MAX_NUMBERED).map(n -> Optional.of(StepId.of(n))));
        Arbitrary<JobIdSpec> withStep = Combinators.combine(jobIds, single, steps).as(JobIdSpec::new);
        Arbitrary<JobIdSpec> taskLists = Combinators.combine(jobIds,
                Arbitraries.integers().between(0, 500).set().ofMinSize(1).ofMaxSize(20),
                Arbitraries.integers().between(0, 8))
                .as((job, tasks, limit) -> new JobIdSpec(job, new JobIdSpec.ArrayTasks(
                        IdSet.of(tasks.stream().mapToInt(Integer::intValue).toArray()),
                        limit == 0 ? OptionalInt.empty() : OptionalInt.of(limit)), Optional.empty()));
        return Arbitraries.oneOf(withStep, taskLists);
    }
}
