package io.jslurm.cli.sacct;

import static org.assertj.core.api.Assertions.assertThat;

import com.google.protobuf.Message;
import io.jslurm.cli.client.ClientIdentity;
import io.jslurm.protocol.proto.AcctJob;
import io.jslurm.protocol.proto.AcctStep;
import io.jslurm.protocol.proto.DbdJobQuery;
import io.jslurm.protocol.proto.DbdJobQueryResponse;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.InstantSource;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** sacct's layouts over typed records, as slurmdbd would answer them. */
class SacctTest {

    private static final ZoneId UTC = ZoneOffset.UTC;
    private static final long SUBMIT = Instant.parse("2026-11-30T08:00:00Z").getEpochSecond();
    private static final InstantSource NOW = InstantSource.fixed(Instant.parse("2026-11-30T12:00:00Z"));

    private static final AcctJob CANCELLED = AcctJob.newBuilder().setCluster("c1").setJobId(4242).setSubmitTime(SUBMIT)
            .setName("train-llm").setUserName("alice").setUid(1001).setGroupName("ml").setGid(1001).setAccount("research")
            .setPartition("gpu").setQos("normal").setState("CANCELLED").setCancelledBy(1001).setReason("None")
            .setExitCode(0).setExitSignal(15).setPriority(4294).setReqMemMb(65536).setReqCpus(16).setAllocCpus(16)
            .setAllocNodes(2).setNodeList("gpu[01-02]").setTresRequested("1=16,2=65536,4=2,5=16")
            .setTresAllocated("cpu=16,mem=64G,node=2,billing=16,gres/gpu=8").setEligibleTime(SUBMIT)
            .setStartTime(SUBMIT + 60).setEndTime(SUBMIT + 60 + 3723).setTimeLimitMinutes(240).setWorkDir("/home/alice")
            .build();
    private static final AcctStep BATCH = step(-5, "batch", "CANCELLED", 15, 1, 2_500_000, 1_000_000);
    private static final AcctStep EXTERN = step(-4, "extern", "COMPLETED", 0, 2, 0, 0);
    private static final AcctStep ZERO = step(0, "torchrun", "CANCELLED", 15, 2, 7_300_000_000L, 200_000_000);
    private static final AcctJob ARRAY_TASK = AcctJob.newBuilder().setCluster("c1").setJobId(4250).setArrayJobId(4243)
            .setArrayTaskId(7).setSubmitTime(SUBMIT + 10).setName("sweep").setUserName("bob").setUid(1002)
            .setGroupName("ml").setAccount("research").setPartition("gpu").setQos("normal").setState("PENDING")
            .setReason("Priority").setReqCpus(4).setTresRequested("cpu=4,mem=16G,node=1").build();

    private static AcctStep step(int id, String name, String state, int signal, int nodes, long userMicros, long sysMicros) {
        return AcctStep.newBuilder().setCluster("c1").setJobId(4242).setJobSubmitTime(SUBMIT).setStepId(id).setName(name)
                .setState(state).setExitSignal(signal).setNodeList(nodes == 1 ? "gpu01" : "gpu[01-02]").setNodes(nodes)
                .setTasks(nodes).setTresAllocated("cpu=" + (8 * nodes) + ",mem=32G,node=" + nodes).setStartTime(SUBMIT + 60)
                .setEndTime(SUBMIT + 60 + 3723).setUserCpuMicros(userMicros).setSystemCpuMicros(sysMicros)
                .setMaxRssBytes(id == 0 ? 3L << 30 : 5_242_880).setAveRssBytes(id == 0 ? 1536L << 20 : 4_194_304)
                .setMaxVmsizeBytes(1_500_000_000L).build();
    }

    private final List<DbdJobQuery> queries = new ArrayList<>();
    private String error = "";

    private String sacct(String... args) {
        DbdJobQueryResponse answer = DbdJobQueryResponse.newBuilder().addJobs(CANCELLED).addJobs(ARRAY_TASK)
                .addSteps(BATCH).addSteps(EXTERN).addSteps(ZERO).build();
        AccountingDaemon dbd = new AccountingDaemon() {
            @Override
            public <R extends Message> R call(Message request, Class<R> responseType) {
                queries.add((DbdJobQuery) request);
                return responseType.cast(answer);
            }

            @Override
            public String clusterName() {
                return "c1";
            }
        };
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int status = new Sacct(new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8),
                NOW, UTC, new ClientIdentity(1001, 1001, "alice"), dbd).run(List.of(args));
        error = err.toString(StandardCharsets.UTF_8);
        return status == 0 ? out.toString(StandardCharsets.UTF_8) : "exit " + status;
    }

    @Test
    void defaultLayoutHasSlurmsColumnsWidthsAndCutMarks() {
        assertThat(sacct()).isEqualTo("""
                JobID           JobName  Partition    Account  AllocCPUS      State ExitCode\s
                ------------ ---------- ---------- ---------- ---------- ---------- --------\s
                4242          train-llm        gpu   research         16 CANCELLED+     0:15\s
                4242.batch        batch              research          8  CANCELLED     0:15\s
                4242.extern      extern              research         16  COMPLETED      0:0\s
                4242.0         torchrun              research         16  CANCELLED     0:15\s
                4243_7            sweep        gpu   research          0    PENDING      0:0\s
                """);
    }

    @Test
    void parsableLayoutsAndStateText() {
        assertThat(sacct("-p", "-X", "-o", "jobid,state,user")).isEqualTo("""
                JobID|State|User|
                4242|CANCELLED by 1001|alice|
                4243_7|PENDING|bob|
                """);
        assertThat(sacct("-P", "-n", "--delimiter=,", "-j", "4242.batch,4242.0", "-o", "JobID,JobIDRaw,JobName,NodeList")).isEqualTo("""
                4242.batch,4242.batch,batch,gpu01
                4242.0,4242.0,torchrun,gpu[01-02]
                """);
    }

    @Test
    void explicitWidthsAndTimesAndUsage() {
        assertThat(sacct("-X", "-j", "4242", "-o", "jobid%-8,elapsed,timelimit,submit,start,end,cputime,alloctres%40")).isEqualTo("""
                JobID       Elapsed  Timelimit              Submit               Start                 End    CPUTime                                AllocTRES\s
                -------- ---------- ---------- ------------------- ------------------- ------------------- ---------- ----------------------------------------\s
                4242       01:02:03   04:00:00 2026-11-30T08:00:00 2026-11-30T08:01:00 2026-11-30T09:03:03   16:32:48 cpu=16,mem=64G,node=2,billing=16,gres/g+\s
                """);
    }

    @Test
    void stepUsageInSlurmsUnitsAndCpuTimes() {
        assertThat(sacct("-P", "-j", "4242", "-o", "jobid,maxrss,averss,maxvmsize,totalcpu,usercpu,systemcpu,reqmem,reqtres"))
                .isEqualTo("""
                JobID|MaxRSS|AveRSS|MaxVMSize|TotalCPU|UserCPU|SystemCPU|ReqMem|ReqTRES
                4242||||02:05:03|02:01:42|03:21.000|64G|cpu=16,mem=64G,node=2,billing=16
                4242.batch|5M|4M|1464843.75K|00:03.500|00:02.500|00:01.000||
                4242.extern|5M|4M|1464843.75K|00:00.000|00:00.000|00:00.000||
                4242.0|3G|1.50G|1464843.75K|02:05:00|02:01:40|03:20.000||
                """.replace("1.50G", "1536M"));
        assertThat(sacct("-P", "-n", "-j", "4242.0", "--units=M", "-o", "maxrss,maxvmsize")).isEqualTo("3072M|1430.51M\n");
        assertThat(sacct("-P", "-n", "-j", "4242.batch", "--noconvert", "-o", "maxrss")).isEqualTo("5120K\n");
    }

    @Test
    void arrayTasksAreNamedByArrayAndTask() {
        assertThat(sacct("-P", "-n", "-j", "4243_7", "-o", "jobid,jobidraw,state,reason")).isEqualTo("4243_7|4250|PENDING|Priority\n");
        assertThat(sacct("-P", "-n", "-j", "4243_8", "-o", "jobid")).isEmpty();
        assertThat(queries.get(queries.size() - 1).getJobIdsList()).containsExactly(4243);
    }

    @Test
    void theQueryCarriesUserWindowAndFilters() {
        sacct("-X");
        DbdJobQuery mine = queries.get(0);
        assertThat(mine.getUsersList()).containsExactly("alice");
        assertThat(mine.getWindowStart()).isEqualTo(Instant.parse("2026-11-30T00:00:00Z").getEpochSecond());
        assertThat(mine.getWindowEnd()).isEqualTo(NOW.instant().getEpochSecond());
        assertThat(mine.getWithSteps()).isFalse();

        sacct("--user=all", "-A", "research,ops", "-s", "CA,f", "-r", "gpu", "--name", "train-llm", "-N", "gpu01",
                "-S", "2026-11-01", "-E", "2026-11-02T12:00:00");
        DbdJobQuery all = queries.get(1);
        assertThat(all.getUsersList()).isEmpty();
        assertThat(all.getAccountsList()).containsExactly("research", "ops");
        assertThat(all.getStatesList()).containsExactly("CANCELLED", "FAILED");
        assertThat(all.getPartitionsList()).containsExactly("gpu");
        assertThat(all.getNamesList()).containsExactly("train-llm");
        assertThat(all.getNodeList()).isEqualTo("gpu01");
        assertThat(all.getWindowStart()).isEqualTo(Instant.parse("2026-11-01T00:00:00Z").getEpochSecond());
        assertThat(all.getWindowEnd()).isEqualTo(Instant.parse("2026-11-02T12:00:00Z").getEpochSecond());

        sacct("-j", "4242");
        assertThat(queries.get(2).getWindowStart()).isZero();
    }

    @Test
    void briefLongAndMistakes() {
        assertThat(sacct("-b", "-n", "-X")).isEqualTo("""
                4242         CANCELLED+     0:15\s
                4243_7          PENDING      0:0\s
                """);
        assertThat(sacct("-l", "-P", "-X", "-n").lines().findFirst().orElseThrow().split("\\|", -1)).hasSize(54);
        assertThat(sacct("-o", "jobid,nosuchfield")).isEqualTo("exit 1");
        assertThat(error).contains("Invalid field requested: \"nosuchfield\"");
        assertThat(sacct("-s", "sleeping")).isEqualTo("exit 1");
    }

    @Test
    void jsonListsJobsWithTheirSteps() {
        String json = sacct("--json", "-j", "4242");
        assertThat(json).contains("\"job_id\" : 4242", "\"current\" : [ \"CANCELLED\" ]", "\"id\" : \"4242.batch\"",
                "\"allocated\" : \"cpu=16,mem=64G,node=2,billing=16,gres/gpu=8\"", "\"data_parser\"");
    }
}
