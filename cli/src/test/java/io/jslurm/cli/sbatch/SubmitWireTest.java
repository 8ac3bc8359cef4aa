package io.jslurm.cli.sbatch;

import static org.assertj.core.api.Assertions.assertThat;

import com.google.protobuf.ByteString;
import io.jslurm.cli.submit.JobSubmission;
import io.jslurm.protocol.proto.ArrayInfo;
import io.jslurm.protocol.proto.SubmitBatchJobRequest;
import io.jslurm.protocol.proto.SubmitBatchJobResponse;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * sbatch's hand-encoded request is the generated {@code SubmitBatchJobRequest} byte for byte, for every option
 * that reaches a field, and its answer reads as the generated class reads it.
 */
class SubmitWireTest {

    private static void sameBytes(JobSubmission job) throws Exception {
        byte[] generated = SubmitRequests.of(job).toByteArray();
        byte[] encoded = SubmitWire.request(job);
        assertThat(encoded).as("%s", job).isEqualTo(generated);
        assertThat(SubmitBatchJobRequest.parseFrom(encoded)).isEqualTo(SubmitRequests.of(job));
    }

    @Test
    void seedScriptsEncodeAsTheGeneratedRequest() throws Exception {
        for (String script : List.of("seed000-pretrain.sh", "seed000-finetune.sh", "seed000-hparam.sh",
                "seed000-long-pretrain.sh", "seed003-axolotl-2nodes.slurm",
                "seed004-tensorflow.sh", "seed004-shared-gpu.sh", "mem.sh", "layers.sh", "ok.sh")) {
            sameBytes(Submissions.parse("fixtures", script, "arg1", "", "ärg3"));
        }
    }

    @Test
    void everyCommandLineOptionEncodesAsTheGeneratedRequest() throws Exception {
        List<List<String>> cases = List.of(
                List.of("--wrap=true"),
                List.of("--wrap=", "-J", ""),
                List.of("--wrap=true", "-p", "gpu,cpu", "-t", "1:30", "--time-min=10", "--mem=64G",
                        "--gres=gpu:a100:2", "--array=0-15%4", "--exclusive", "--signal=B:USR1@120",
                        "--dependency=afterok:12", "--begin=2026-03-02T12:00:00", "-A", "ml", "--qos=high",
                        "--nice=10", "-J", "w"),
                List.of("--wrap=true", "-t", "UNLIMITED", "--nice=-10", "--priority=TOP", "--mem=0"),
                List.of("--wrap=true", "--priority=4294967294", "--mem-per-cpu=2G", "--exclusive=user",
                        "--signal=R:TERM", "--requeue", "--hold", "--deadline=2026-03-03T00:00:00"),
                List.of("--wrap=true", "--mem-per-gpu=40G", "--exclusive=mcs", "--no-requeue", "-N", "2-4",
                        "--ntasks-per-node=8", "-c", "4", "-n", "16", "--mincpus=2", "--tmp=100G"),
                List.of("--wrap=true", "-N", "3", "--gpus=a100:8", "--gpus-per-node=4", "--gpus-per-task=1",
                        "--cpus-per-gpu=6", "--ntasks-per-gpu=2", "-m", "block:cyclic", "--oversubscribe"),
                List.of("--wrap=true", "-w", "gpu[01-04],gpu07", "-x", "gpu[02-03]", "-C", "a100&ib",
                        "--mail-type=ALL,TIME_LIMIT_90,ARRAY_TASKS", "--mail-user=a@b.c", "--open-mode=append",
                        "-o", "out-%j", "-e", "err-%j", "-i", "/dev/null", "--reservation=maint", "--comment=héllo",
                        "-k", "--get-user-env", "--test-only", "-D", "/tmp/work"),
                List.of("--wrap=true", "--mail-type=FAIL", "--open-mode=truncate", "--requeue", "--export=NONE"),
                List.of("--wrap=true", "--export=ALL,EXTRA=1,EMPTY=", "--array=1,3,5"));
        Map<String, String> environment = Map.of("HOME", "/home/alice", "EMPTY_TOO", "", "LANG", "de_DE.UTF-8",
                "UNICODE", "ünïcødé \uD83D\uDE80", "PATH", "/usr/bin:/bin");
        for (List<String> args : cases) {
            sameBytes(Submissions.parse("fixtures", environment, args.toArray(new String[0])));
            sameBytes(Submissions.parse("fixtures", args.toArray(new String[0])));
        }
    }

    @Test
    void theAnswerReadsAsTheGeneratedClassReadsIt() throws Exception {
        SubmitBatchJobResponse full = SubmitBatchJobResponse.newBuilder()
                .setJobId(-5)
                .setArray(ArrayInfo.newBuilder().setArrayJobId(12).setTaskCount(16).setTaskIds("0-15"))
                .setUserMessage("time limit lowered to the partition's MaxTime")
                .setUnknownFields(com.google.protobuf.UnknownFieldSet.newBuilder()
                        .addField(99, com.google.protobuf.UnknownFieldSet.Field.newBuilder()
                                .addLengthDelimited(ByteString.copyFromUtf8("future")).build())
                        .build())
                .build();
        SubmitWire.Answer answer = SubmitWire.answer(full.toByteArray());
        assertThat(Integer.toUnsignedString(answer.jobId)).isEqualTo("4294967291");
        assertThat(answer.userMessage).isEqualTo(full.getUserMessage());
        SubmitWire.Answer empty = SubmitWire.answer(new byte[0]);
        assertThat(empty.jobId).isZero();
        assertThat(empty.userMessage).isEmpty();
    }
}
