package io.jslurm.slurmctld.state;

import static org.assertj.core.api.Assertions.assertThat;

import io.jslurm.common.jobid.ArraySpec;
import io.jslurm.slurmctld.job.Job;
import io.jslurm.slurmctld.job.JobSpec;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A restarted controller still has the arguments each job's script is to be run with. */
class ScriptArgumentsRecoveryTest {

    static final List<String> ARGV = List.of("a b", "", "c", "tab\there", "\u00e9\u65e5\ud83d\ude80");

    @TempDir
    Path stateDir;

    private final SettableClock clock = new SettableClock(Instant.parse("2026-11-30T01:00:00Z"));

    @Test
    void argumentsSurviveARestartFromTheJournalAndFromASnapshot() {
        JobSpec spec = SampleJobs.training("args").toBuilder().argv(ARGV).build();
        long single;
        List<Long> tasks;
        try (JournaledJobStore store = JournaledJobStore.open(JobStoreConfig.defaults(stateDir), clock)) {
            single = store.submit(spec).jobId();
            tasks = store.submitArray(spec, ArraySpec.parse("0-2")).stream().map(Job::jobId).toList();
        }
        try (JournaledJobStore store = JournaledJobStore.open(JobStoreConfig.defaults(stateDir), clock)) {
            assertThat(store.get(single).orElseThrow().spec().argv()).containsExactlyElementsOf(ARGV);
            for (long task : tasks) {
                assertThat(store.get(task).orElseThrow().spec().argv()).containsExactlyElementsOf(ARGV);
            }
            store.snapshot();
        }
        try (JournaledJobStore store = JournaledJobStore.open(JobStoreConfig.defaults(stateDir), clock)) {
            assertThat(store.get(single).orElseThrow().spec()).isEqualTo(spec);
            assertThat(store.get(tasks.get(2)).orElseThrow().spec().argv()).containsExactlyElementsOf(ARGV);
        }
    }
}
