package io.jslurm.slurmdbd.storage;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

class JobColumnsTest {

    @Test
    void defaultSacctFieldsNeedNoLongColumn() {
        assertThat(JobColumns.unneeded(List.of("jobid", "jobname", "partition", "account", "alloccpus", "state",
                "exitcode"))).contains("work_dir", "submit_line", "tres_req", "tres_alloc", "nodelist", "std_out");
    }

    @Test
    void aFieldKeepsTheColumnItPrintsAndNoFieldsMeansEverything() {
        assertThat(JobColumns.unneeded(List.of("jobid", "workdir", "nodelist"))).doesNotContain("work_dir", "nodelist")
                .contains("submit_line");
        assertThat(JobColumns.unneeded(List.of())).isEmpty();
    }

    @Test
    void leftOutColumnsKeepTheirNamesSoRowsReadAsBefore() {
        String select = JobColumns.selectList("j", Set.of("work_dir"));
        assertThat(select).startsWith("j.cluster, j.id_job, j.time_submit, ").contains("'' AS work_dir")
                .doesNotContain("j.work_dir").endsWith("j.rec_order");
        assertThat(JobColumns.selectList("j", Set.of())).isEqualTo("j.*");
    }
}
