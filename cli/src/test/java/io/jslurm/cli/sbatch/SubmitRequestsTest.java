package io.jslurm.cli.sbatch;

import static org.assertj.core.api.Assertions.assertThat;

import io.jslurm.protocol.proto.Exclusive;
import io.jslurm.protocol.proto.JobDescription;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** What the controller receives for a submission: every option in its wire field. */
class SubmitRequestsTest {

    private static JobDescription describe(String... args) {
        return SubmitRequests.of(Submissions.parse("fixtures", args)).getJob();
    }

    @Test
    void seedScriptsDirectivesReachTheirFields() {
        JobDescription job = describe("seed003-axolotl-2nodes.slurm");
        assertThat(job.getName()).isEqualTo("axolotl-slurm-multinode");
        assertThat(job.getMinNodes()).isEqualTo(2);
        assertThat(job.getNtasksPerNode()).isEqualTo(1);
        assertThat(job.getCpusPerTask()).isEqualTo(128);
        assertThat(job.getGpusPerTask()).isEqualTo("gpu:8");
        assertThat(job.getScript().toString(StandardCharsets.UTF_8)).startsWith("#!/bin/bash\n#SBATCH --job-name=");
        assertThat(job.getUid()).isEqualTo(1000);
        assertThat(job.getUserName()).isEqualTo("alice");
        assertThat(job.getSubmitHost()).isEqualTo("login1");
        assertThat(job.getAllocSid()).as("the submitting command's session, for AllocNode:Sid").isEqualTo(4242);
        assertThat(job.getWorkDir()).isEqualTo(TestSystem.WORK_DIR);
        assertThat(job.getStdOut()).isEqualTo("slurm-%j.out");
    }

    @Test
    void theScriptsArgumentsAndItsPathFromTheWorkDirectoryAreSent() {
        JobDescription job = describe("seed003-axolotl-2nodes.slurm", "a b", "", "\u00e9");
        assertThat(job.getArgvList()).containsExactly("a b", "", "\u00e9");
        assertThat(job.getScriptPath()).isEqualTo(TestSystem.WORK_DIR + "/seed003-axolotl-2nodes.slurm");
        JobDescription wrapped = describe("--wrap=true");
        assertThat(wrapped.getArgvList()).isEmpty();
        assertThat(wrapped.getScriptPath()).as("Command=(null) for --wrap").isEmpty();
    }

    @Test
    void commandLineValues() {
        JobDescription job = describe("--wrap=true", "-p", "gpu", "-t", "1:30", "--mem=64G", "--gres=gpu:a100:2",
                "--array=0-15%4", "--exclusive", "--signal=B:USR1@120", "--dependency=afterok:12",
                "--begin=2026-03-02T12:00:00", "-A", "ml", "--qos=high", "--nice=10", "-J", "w");
        assertThat(job.getName()).isEqualTo("w");
        assertThat(job.getPartition()).isEqualTo("gpu");
        assertThat(job.getTimeLimitMinutes()).isEqualTo(2);
        assertThat(job.getMemPerNodeMb()).isEqualTo(64 * 1024);
        assertThat(job.getGres()).isEqualTo("gpu:a100:2");
        assertThat(job.getArray()).isEqualTo("0-15%4");
        assertThat(job.getExclusive()).isEqualTo(Exclusive.EXCLUSIVE_NODE);
        assertThat(job.getSignal().getSignal()).isEqualTo(10);
        assertThat(job.getSignal().getSecondsBeforeEnd()).isEqualTo(120);
        assertThat(job.getSignal().getBatchShellOnly()).isTrue();
        assertThat(job.getDependency()).isEqualTo("afterok:12");
        assertThat(job.getBeginTime()).isPositive();
        assertThat(job.getAccount()).isEqualTo("ml");
        assertThat(job.getQos()).isEqualTo("high");
        assertThat(job.getNice()).isEqualTo(10);
        assertThat(job.getScript().toString(StandardCharsets.UTF_8)).contains("true");
        assertThat(describe("--wrap=true", "-t", "UNLIMITED").getTimeLimitMinutes()).isEqualTo(-1);
        assertThat(describe("--wrap=true").hasTimeLimitMinutes()).isFalse();
    }
}
