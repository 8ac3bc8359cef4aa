package io.jslurm.cli.sbatch;

import static org.assertj.core.api.Assertions.assertThat;

import com.google.protobuf.ByteString;
import com.google.protobuf.Descriptors.Descriptor;
import com.google.protobuf.Descriptors.EnumValueDescriptor;
import com.google.protobuf.Descriptors.FieldDescriptor;
import com.google.protobuf.Message;
import io.jslurm.cli.submit.JobSubmission;
import io.jslurm.protocol.proto.ArrayInfo;
import io.jslurm.protocol.proto.SubmitBatchJobRequest;
import io.jslurm.protocol.proto.SubmitBatchJobResponse;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/**
 * sbatch's hand-encoded request is the generated {@code SubmitBatchJobRequest} byte for byte, for every option
 * that reaches a field, and its answer reads as the generated class reads it. The command-line cases together
 * reach every field (and enum value) of the request's descriptor except those listed in {@link #NOT_SENT}, so
 * a field added to job.proto fails this test until sbatch sends it (in both encodings) or it is listed there.
 */
class SubmitWireTest {

    /**
     * Fields (as paths from {@code SubmitBatchJobRequest}, enum values as {@code field=VALUE}) that no sbatch
     * option sets, and why. A field here must not be reached by any case: the list cannot hide a field sbatch
     * does send.
     */
    private static final Map<String, String> NOT_SENT = Map.ofEntries(
            Map.entry("job.licenses", "sbatch refuses -L as unsupported"),
            Map.entry("job.wckey", "sbatch refuses --wckey as unsupported"),
            Map.entry("job.wait_all_nodes", "sbatch refuses --wait-all-nodes as unsupported"),
            Map.entry("job.kill_on_invalid_dependency", "sbatch refuses --kill-on-invalid-dep as unsupported"),
            Map.entry("job.cluster_constraint", "sbatch refuses --cluster-constraint as unsupported"),
            Map.entry("job.spank_environment", "jslurm loads no SPANK plugins"),
            Map.entry("job.spank_environment.name", "jslurm loads no SPANK plugins"),
            Map.entry("job.spank_environment.value", "jslurm loads no SPANK plugins"),
            Map.entry("job.gpus_per_socket", "sbatch refuses --gpus-per-socket as unsupported"),
            Map.entry("job.gpu_bind", "sbatch hands --gpu-bind to the steps as SLURM_GPU_BIND in the environment"),
            Map.entry("job.gpu_freq", "sbatch refuses --gpu-freq as unsupported"),
            Map.entry("job.gres_flags", "sbatch refuses --gres-flags as unsupported"),
            Map.entry("job.sockets_per_node", "sbatch refuses --sockets-per-node as unsupported"),
            Map.entry("job.cores_per_socket", "sbatch refuses --cores-per-socket as unsupported"),
            Map.entry("job.threads_per_core", "sbatch refuses --threads-per-core as unsupported"),
            Map.entry("job.ntasks_per_socket", "sbatch refuses --ntasks-per-socket as unsupported"),
            Map.entry("job.ntasks_per_core", "sbatch refuses --ntasks-per-core as unsupported"),
            Map.entry("job.hint", "sbatch refuses --hint as unsupported"),
            Map.entry("job.switches", "sbatch refuses --switches as unsupported"),
            Map.entry("job.mcs_label", "sbatch refuses --mcs-label as unsupported"),
            Map.entry("job.container", "sbatch refuses --container as unsupported"),
            Map.entry("job.mail_type=MAIL_ALL", "sbatch sends the events --mail-type=ALL stands for, one by one"),
            Map.entry("job.exclusive=EXCLUSIVE_TOPO", "Slurm 22.05's sbatch has no --exclusive=topo"));

    private static final List<List<String>> CASES = List.of(
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
                    "--cpus-per-gpu=6", "--ntasks-per-gpu=2", "-m", "block:cyclic", "--oversubscribe", "--contiguous"),
            List.of("--wrap=true", "-w", "gpu[01-04],gpu07", "-x", "gpu[02-03]", "-C", "a100&ib",
                    "--mail-type=ALL,TIME_LIMIT_90,ARRAY_TASKS", "--mail-user=a@b.c", "--open-mode=append",
                    "-o", "out-%j", "-e", "err-%j", "-i", "/dev/null", "--reservation=maint", "--comment=héllo",
                    "-k", "--get-user-env", "--test-only", "-D", "/tmp/work"),
            List.of("--wrap=true", "--mail-type=TIME_LIMIT,TIME_LIMIT_80,TIME_LIMIT_50", "--open-mode=truncate",
                    "--requeue", "--export=NONE"),
            List.of("--wrap=true", "--mail-type=FAIL", "--nice=0", "--mem-per-cpu=0", "-c", "1"),
            List.of("--wrap=true", "--export=ALL,EXTRA=1,EMPTY=", "--array=1,3,5"),
            List.of("ok.sh", "arg1", "", "ärg3"));

    private static final Map<String, String> ENVIRONMENT = Map.of("HOME", "/home/alice", "EMPTY_TOO", "",
            "LANG", "de_DE.UTF-8", "UNICODE", "ünïcødé \uD83D\uDE80", "PATH", "/usr/bin:/bin");

    private static void sameBytes(JobSubmission job) throws Exception {
        byte[] generated = SubmitRequests.of(job).toByteArray();
        byte[] encoded = SubmitWire.request(job);
        assertThat(encoded).as("%s", job).isEqualTo(generated);
        assertThat(SubmitBatchJobRequest.parseFrom(encoded)).isEqualTo(SubmitRequests.of(job));
    }

    private static List<JobSubmission> caseSubmissions() {
        List<JobSubmission> jobs = new ArrayList<>();
        for (List<String> args : CASES) {
            jobs.add(Submissions.parse("fixtures", ENVIRONMENT, args.toArray(new String[0])));
            jobs.add(Submissions.parse("fixtures", args.toArray(new String[0])));
        }
        return jobs;
    }

    /** Every field path and non-zero enum value the message type declares, nested messages included. */
    private static void declared(Descriptor type, String prefix, Set<String> paths) {
        for (FieldDescriptor field : type.getFields()) {
            String path = prefix + field.getName();
            paths.add(path);
            if (field.getJavaType() == FieldDescriptor.JavaType.MESSAGE) {
                declared(field.getMessageType(), path + ".", paths);
            } else if (field.getJavaType() == FieldDescriptor.JavaType.ENUM) {
                for (EnumValueDescriptor value : field.getEnumType().getValues()) {
                    if (value.getNumber() != 0) {
                        paths.add(path + "=" + value.getName());
                    }
                }
            }
        }
    }

    /** The field paths and enum values a message has set (present, or not the default, or not empty). */
    private static void reached(Message message, String prefix, Set<String> paths) {
        for (Map.Entry<FieldDescriptor, Object> set : message.getAllFields().entrySet()) {
            FieldDescriptor field = set.getKey();
            String path = prefix + field.getName();
            paths.add(path);
            List<?> values = field.isRepeated() ? (List<?>) set.getValue() : List.of(set.getValue());
            for (Object value : values) {
                if (value instanceof Message nested) {
                    reached(nested, path + ".", paths);
                } else if (value instanceof EnumValueDescriptor enumValue) {
                    paths.add(path + "=" + enumValue.getName());
                }
            }
        }
    }

    @Test
    void theCasesReachEveryFieldOfTheRequestSoNoneCanDrift() throws Exception {
        Set<String> declared = new TreeSet<>();
        declared(SubmitBatchJobRequest.getDescriptor(), "", declared);
        Set<String> reached = new TreeSet<>();
        for (JobSubmission job : caseSubmissions()) {
            sameBytes(job);
            reached(SubmitRequests.of(job), "", reached);
        }
        assertThat(NOT_SENT.keySet()).as("listed as not sent by sbatch but not in job.proto")
                .isSubsetOf(declared);
        assertThat(reached).as("listed as not sent by sbatch, yet a case sends it")
                .doesNotContainAnyElementsOf(NOT_SENT.keySet());
        Set<String> unreached = new TreeSet<>(declared);
        unreached.removeAll(reached);
        unreached.removeAll(NOT_SENT.keySet());
        assertThat(unreached)
                .as("fields of SubmitBatchJobRequest that no case sets: give sbatch the option in SubmitRequests and "
                        + "SubmitWire and a case here, or list the field in NOT_SENT with the reason")
                .isEmpty();
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
