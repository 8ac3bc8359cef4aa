package io.jslurm.cli.sstat;

import static org.assertj.core.api.Assertions.assertThat;

import com.google.protobuf.Message;
import io.jslurm.cli.client.Controller;
import io.jslurm.cli.client.ControllerException;
import io.jslurm.cli.client.SlurmErrno;
import io.jslurm.cli.testing.Console;
import io.jslurm.protocol.proto.JobInfoRequest;
import io.jslurm.protocol.proto.JobInfoResponse;
import io.jslurm.protocol.proto.JobRecord;
import io.jslurm.protocol.proto.NodeStepStat;
import io.jslurm.protocol.proto.ResourceUsage;
import io.jslurm.protocol.proto.StepInfoRequest;
import io.jslurm.protocol.proto.StepInfoResponse;
import io.jslurm.protocol.proto.StepRecord;
import io.jslurm.protocol.proto.StepStatRequest;
import io.jslurm.protocol.proto.StepStatResponse;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class SstatTest {

    /** Job 42 runs steps 0 (two nodes) and 1; job 43 runs but has no step; job 44 is unknown. */
    private final List<Message> asked = new ArrayList<>();

    private final Controller controller = new Controller() {
        @Override
        public <R extends Message> R call(Message request, Class<R> type) throws ControllerException {
            asked.add(request);
            if (request instanceof StepInfoRequest info) {
                StepInfoResponse.Builder out = StepInfoResponse.newBuilder();
                if (info.getJobIds(0) == 42) {
                    out.addSteps(step(1, "RUNNING")).addSteps(step(0, "RUNNING")).addSteps(step(2, "COMPLETED"));
                }
                return type.cast(out.build());
            }
            if (request instanceof JobInfoRequest info) {
                JobInfoResponse.Builder out = JobInfoResponse.newBuilder();
                if (info.getJobIds(0) == 43) {
                    out.addJobs(JobRecord.newBuilder().setJobId(43));
                }
                return type.cast(out.build());
            }
            StepStatRequest stat = (StepStatRequest) request;
            if (stat.getJobId() != 42 || stat.getStepId() > 1) {
                throw new ControllerException(SlurmErrno.ESLURM_INVALID_JOB_ID, null);
            }
            return type.cast(stat.getStepId() == 0 ? TWO_NODES : StepStatResponse.newBuilder().setJobId(42)
                    .setStepId(1).setNtasks(1).addNodes(node("n1", 0, 1, 2_000_000, 2048, 0, 0)).build());
        }

        @Override
        public void close() {
        }
    };

    static final StepStatResponse TWO_NODES = StepStatResponse.newBuilder().setJobId(42).setStepId(0).setNtasks(4)
            .addNodes(node("n1", 0, 2, 3_000_000, 102_400, 4096, 1 << 20))
            .addNodes(node("n2", 2, 2, 1_000_000, 307_200, 0, 1024).toBuilder().addPids(777))
            .build();

    private static NodeStepStat node(String name, int firstTask, int tasks, long cpuMicros, long rssKb, long read,
                                     long written) {
        return NodeStepStat.newBuilder().setNodeName(name).setFirstTask(firstTask).setNtasks(tasks)
                .addPids(100 + firstTask).setUsage(ResourceUsage.newBuilder().setUserCpuMicros(cpuMicros - 500_000)
                        .setSystemCpuMicros(500_000).setMaxRssKb(rssKb).setMaxDiskReadBytes(read)
                        .setMaxDiskWriteBytes(written))
                .build();
    }

    private static StepRecord step(int id, String state) {
        return StepRecord.newBuilder().setJobId(42).setStepId(id).setState(state).build();
    }

    private record Result(int status, String out, String err) {
    }

    private Result run(String... args) {
        Console console = Console.with(Map.of(), () -> controller);
        int status = new Sstat(console.env()).run(List.of(args));
        return new Result(status, console.out(), console.err());
    }

    @Test
    void aStepsNodesCombineIntoOneLine() {
        Result r = run("-j", "42.0", "-P", "-o", "JobID,NTasks,MaxRSS,MaxRSSNode,MaxRSSTask,AveRSS,AveCPU,MinCPU,"
                + "MinCPUNode,MaxDiskWrite,AveDiskRead,Nodelist,Pids,MaxPages,AvePages");

        assertThat(r.status()).as(r.err()).isZero();
        assertThat(r.out()).isEqualTo("""
                JobID|NTasks|MaxRSS|MaxRSSNode|MaxRSSTask|AveRSS|AveCPU|MinCPU|MinCPUNode|MaxDiskWrite|AveDiskRead\
                |Nodelist|Pids|MaxPages|AvePages
                42.0|4|300M|n2|2|100M|00:00:01|00:00:01|n2|1M|1K|n[1-2]|100,102,777|0|0
                """);
    }

    @Test
    void defaultFieldsAreSlurmsAndTheFixedLayoutPadsThem() {
        Result r = run("-j", "42.0");

        List<String> lines = r.out().lines().toList();
        assertThat(lines).hasSize(3);
        assertThat(lines.get(0).split("\\s+")).containsExactly("JobID", "MaxVMSize", "MaxVMSizeNode",
                "MaxVMSizeTask", "AveVMSize", "MaxRSS", "MaxRSSNode", "MaxRSSTask", "AveRSS", "MaxPages",
                "MaxPagesNode", "MaxPagesTask", "AvePages", "MinCPU", "MinCPUNode", "MinCPUTask", "AveCPU", "NTasks",
                "AveCPUFreq", "ReqCPUFreqMin", "ReqCPUFreqMax", "ReqCPUFreqGov", "ConsumedEnergy", "MaxDiskRead",
                "MaxDiskReadNode", "MaxDiskReadTask", "AveDiskRead", "MaxDiskWrite", "MaxDiskWriteNode",
                "MaxDiskWriteTask", "AveDiskWrite", "TRESUsageInAve", "TRESUsageInMax", "TRESUsageInMaxNode",
                "TRESUsageInMaxTask", "TRESUsageInMin", "TRESUsageInMinNode", "TRESUsageInMinTask", "TRESUsageInTot",
                "TRESUsageOutAve", "TRESUsageOutMax", "TRESUsageOutMaxNode", "TRESUsageOutMaxTask", "TRESUsageOutMin",
                "TRESUsageOutMinNode", "TRESUsageOutMinTask", "TRESUsageOutTot");
        assertThat(lines.get(0)).startsWith("JobID         MaxVMSize  MaxVMSizeNode ");
        assertThat(lines.get(1)).startsWith("------------ ---------- -------------- ");
        assertThat(lines.get(2)).startsWith("42.0                  0             n1              0          0 "
                + "      300M         n2          2       100M        0           n1              0          0 ");
    }

    @Test
    void parsableEndsWithTheDelimiterAndNoHeaderDropsTheTitles() {
        assertThat(run("-j", "42.1", "-p", "-n", "-o", "jobid,maxrss").out()).isEqualTo("42.1|2M|\n");
    }

    @Test
    void theTresUsageFieldsNameEveryTres() {
        Result r = run("-j", "42.0", "-P", "-n", "-o", "TRESUsageInMax,tresusageinmaxn,TRESUsageOutTot");

        assertThat(r.out()).isEqualTo("cpu=00:00:03,energy=0,fs/disk=4096,mem=300M,pages=0,vmem=0"
                + "|cpu=n1,energy=n1,fs/disk=n1,mem=n2,pages=n1,vmem=n1|energy=0,fs/disk=1049600\n");
    }

    @Test
    void withoutAStepTheLowestRunningOneIsShownOrEveryOneWithAllsteps() {
        assertThat(run("-j", "42", "-P", "-n", "-o", "jobid").out()).isEqualTo("42.0\n");
        assertThat(run("-j", "42", "-a", "-P", "-n", "-o", "jobid").out()).isEqualTo("42.0\n42.1\n");
    }

    @Test
    void jobsThatRunNothingAreErrorsAsInSlurm() {
        Result noSteps = run("-j", "43,44", "-P", "-o", "jobid");
        assertThat(noSteps.status()).isZero();
        assertThat(noSteps.out()).isEqualTo("JobID\n");
        assertThat(noSteps.err()).isEqualTo("sstat: error: No steps running for job 43\n"
                + "sstat: error: couldn't get steps for job 44\n");

        Result ended = run("-j", "42.2", "-P", "-n", "-o", "jobid");
        assertThat(ended.out()).isEmpty();
        assertThat(ended.err()).as("a completed step is only mentioned with -v").isEmpty();
        assertThat(run("-v", "-j", "42.2", "-o", "jobid").err()).contains("StepId=42.2 has already completed");
    }

    @Test
    void badInputIsRefusedBeforeAskingTheController() {
        Result noJobs = run("-o", "jobid");
        assertThat(noJobs.status()).isEqualTo(1);
        assertThat(noJobs.err()).isEqualTo("sstat: error: You didn't give me any jobs to stat.\n");

        Result badJob = run("-j", "abc");
        assertThat(badJob.status()).isEqualTo(1);
        assertThat(badJob.err()).isEqualTo("sstat: fatal: Bad job/step specified: abc\n");

        Result badField = run("-j", "42", "-o", "jobid,xyz");
        assertThat(badField.status()).isEqualTo(1);
        assertThat(badField.err()).isEqualTo("sstat: error: Invalid field requested: \"xyz\"\n");
        assertThat(asked).isEmpty();
    }

    @Test
    void helpformatListsTheFieldsFourToALine() {
        List<String> lines = run("-e").out().lines().toList();

        assertThat(lines.get(0)).isEqualTo("AveCPU              AveCPUFreq          AveDiskRead         AveDiskWrite       ");
        assertThat(lines.get(lines.size() - 1)).isEqualTo("TRESUsageOutMinNode TRESUsageOutMinTask TRESUsageOutTot    ");
        assertThat(lines).hasSize(13);
    }

    @Test
    void pidformatShowsTheProcessesOfEachStep() {
        assertThat(run("-i", "-j", "42.0", "-P", "-n").out()).isEqualTo("42.0|n[1-2]|100,102,777\n");
    }
}
