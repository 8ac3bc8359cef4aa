package io.jslurm.cli.sbatch;

import static org.assertj.core.api.Assertions.assertThat;

import io.jslurm.protocol.proto.SubmitBatchJobResponse;
import io.jslurm.protocol.proto.WillRun;
import java.time.Instant;
import java.time.ZoneId;
import org.junit.jupiter.api.Test;

/** The --test-only estimate as the controller sends it and as sbatch words it. */
class WillRunAnswerTest {

    private static final long START = Instant.parse("2026-11-30T12:30:05Z").getEpochSecond();

    @Test
    void theEstimateIsDecodedFromTheSubmitAnswer() throws Exception {
        byte[] bytes = SubmitBatchJobResponse.newBuilder().setJobId(7).setWillRun(WillRun.newBuilder()
                .setStartTime(START).setProcessors(16).setNodeList("gpu[01-02]").setPartition("batch")).build()
                .toByteArray();

        SubmitWire.Answer answer = SubmitWire.answer(bytes);

        assertThat(answer.jobId).isEqualTo(7);
        assertThat(answer.willRun).contains(new WillRunAnswer(START, 16, "gpu[01-02]", "batch"));
        assertThat(SubmitWire.answer(SubmitBatchJobResponse.newBuilder().setJobId(8).build().toByteArray()).willRun)
                .isEmpty();
    }

    @Test
    void theLineNamesIdStartInLocalTimeProcessorsNodesAndPartition() {
        WillRunAnswer estimate = new WillRunAnswer(START, 16, "gpu[01-02]", "batch");

        assertThat(estimate.describe(7, ZoneId.of("UTC"))).isEqualTo(
                "Job 7 to start at 2026-11-30T12:30:05 using 16 processors on nodes gpu[01-02] in partition batch");
        assertThat(estimate.describe(7, ZoneId.of("Europe/Berlin"))).startsWith("Job 7 to start at 2026-11-30T13:30:05 ");
    }
}
