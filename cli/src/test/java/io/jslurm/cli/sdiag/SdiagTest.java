package io.jslurm.cli.sdiag;

import static org.assertj.core.api.Assertions.assertThat;

import com.google.protobuf.Message;
import io.jslurm.cli.client.Controller;
import io.jslurm.cli.client.ControllerException;
import io.jslurm.cli.testing.Console;
import io.jslurm.protocol.proto.BackfillStats;
import io.jslurm.protocol.proto.RpcTypeStats;
import io.jslurm.protocol.proto.RpcUserStats;
import io.jslurm.protocol.proto.SchedulerCycleStats;
import io.jslurm.protocol.proto.StatsInfoRequest;
import io.jslurm.protocol.proto.StatsInfoResponse;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** sdiag's text as Slurm 22.05 prints it, over a known answer, and its reset. */
class SdiagTest {

    private static final long NOW = 1_772_446_530L; // Mon Mar  2 10:15:30 2026 UTC

    private final List<StatsInfoRequest> requests = new ArrayList<>();

    private static StatsInfoResponse answer() {
        return StatsInfoResponse.newBuilder()
                .setRequestTime(NOW).setDataSince(NOW - 3600).setServerThreadCount(3).setAgentQueueSize(0)
                .setAgentCount(1).setAgentThreadCount(1).setDbdAgentQueueSize(2)
                .setJobsSubmitted(12).setJobsStarted(10).setJobsCompleted(7).setJobsCanceled(2).setJobsFailed(1)
                .setJobStatesTime(NOW).setJobsPending(2).setJobsRunning(1)
                .setMain(SchedulerCycleStats.newBuilder().setLastCycle(250).setMaxCycle(1200).setTotalCycles(120)
                        .setCycleSum(36_000).setDepthSum(240).setLastQueueLength(2))
                .setBackfill(BackfillStats.newBuilder().setBackfilledJobs(5).setBackfilledJobsSinceReset(3)
                        .setTotalCycles(100).setLastCycleWhen(NOW - 7).setLastCycle(90).setMaxCycle(800)
                        .setCycleSum(10_000).setLastDepth(2).setLastDepthTry(1).setDepthSum(300).setDepthTrySum(150)
                        .setLastQueueLength(2).setQueueLengthSum(250).setLastTableSize(1).setTableSizeSum(120))
                .setClockLatency(21)
                .addRpcTypes(rpc("REQUEST_JOB_INFO", 2003, 40, 12_000))
                .addRpcTypes(rpc("REQUEST_SUBMIT_BATCH_JOB", 4003, 12, 48_000))
                .addRpcTypes(rpc("MESSAGE_NODE_REGISTRATION_STATUS", 1002, 300, 30_000))
                .addRpcUsers(RpcUserStats.newBuilder().setUid(0).setCount(300).setTotalTime(30_000))
                .addRpcUsers(RpcUserStats.newBuilder().setUid(1000).setCount(52).setTotalTime(60_000))
                .addRpcUsers(RpcUserStats.newBuilder().setUid(4242).setCount(1).setTotalTime(9))
                .build();
    }

    private static RpcTypeStats rpc(String name, int id, long count, long total) {
        return RpcTypeStats.newBuilder().setName(name).setId(id).setCount(count).setTotalTime(total).build();
    }

    private Console console(Message reply) {
        return Console.with(Map.of(), () -> new Controller() {
            @Override
            public <R extends Message> R call(Message request, Class<R> responseType) throws ControllerException {
                requests.add((StatsInfoRequest) request);
                if (reply == null) {
                    throw new ControllerException(2002, "Access/permission denied");
                }
                return responseType.cast(reply);
            }

            @Override
            public void close() {
            }
        });
    }

    private String sdiag(String... args) {
        Console console = console(answer());
        int status = new Sdiag(console.env(), uid -> uid == 0 ? "root" : uid == 1000 ? "alice" : Long.toString(uid))
                .run(List.of(args));
        assertThat(console.err()).isEmpty();
        assertThat(status).isZero();
        return console.out();
    }

    @Test
    void printsEverySectionAsSlurmDoes() {
        assertThat(sdiag()).isEqualTo("""
                *******************************************************
                sdiag output at Mon Mar  2 10:15:30 2026 (1772446530)
                Data since      Mon Mar  2 09:15:30 2026 (1772442930)
                *******************************************************
                Server thread count:  3
                Agent queue size:     0
                Agent count:          1
                Agent thread count:   1
                DBD Agent queue size: 2

                Jobs submitted: 12
                Jobs started:   10
                Jobs completed: 7
                Jobs canceled:  2
                Jobs failed:    1

                Job states ts:  Mon Mar  2 10:15:30 2026 (1772446530)
                Jobs pending:   2
                Jobs running:   1

                Main schedule statistics (microseconds):
                \tLast cycle:   250
                \tMax cycle:    1200
                \tTotal cycles: 120
                \tMean cycle:   300
                \tMean depth cycle:  2
                \tCycles per minute: 2
                \tLast queue length: 2

                Backfilling stats
                \tTotal backfilled jobs (since last slurm start): 5
                \tTotal backfilled jobs (since last stats cycle start): 3
                \tTotal backfilled heterogeneous job components: 0
                \tTotal cycles: 100
                \tLast cycle when: Mon Mar  2 10:15:23 2026 (1772446523)
                \tLast cycle: 90
                \tMax cycle:  800
                \tMean cycle: 100
                \tLast depth cycle: 2
                \tLast depth cycle (try sched): 1
                \tDepth Mean: 3
                \tDepth Mean (try depth): 1
                \tLast queue length: 2
                \tQueue length mean: 2
                \tLast table size: 1
                \tMean table size: 1

                Latency for 1000 calls to gettimeofday(): 21 microseconds

                Remote Procedure Call statistics by message type
                \tMESSAGE_NODE_REGISTRATION_STATUS        ( 1002) count:300    ave_time:100    total_time:30000
                \tREQUEST_JOB_INFO                        ( 2003) count:40     ave_time:300    total_time:12000
                \tREQUEST_SUBMIT_BATCH_JOB                ( 4003) count:12     ave_time:4000   total_time:48000

                Remote Procedure Call statistics by user
                \troot            (       0) count:300    ave_time:100    total_time:30000
                \talice           (    1000) count:52     ave_time:1153   total_time:60000
                \t4242            (    4242) count:1      ave_time:9      total_time:9

                Pending RPC statistics
                \tNo pending RPCs
                """);
        assertThat(requests).containsExactly(StatsInfoRequest.getDefaultInstance());
    }

    @Test
    void sortsRpcsByIdTotalOrAverageTime() {
        assertThat(names(sdiag("-i"))).containsExactly("MESSAGE_NODE_REGISTRATION_STATUS", "REQUEST_JOB_INFO",
                "REQUEST_SUBMIT_BATCH_JOB");
        assertThat(names(sdiag("--sort-by-time"))).containsExactly("REQUEST_SUBMIT_BATCH_JOB",
                "MESSAGE_NODE_REGISTRATION_STATUS", "REQUEST_JOB_INFO");
        assertThat(names(sdiag("-T"))).containsExactly("REQUEST_SUBMIT_BATCH_JOB", "REQUEST_JOB_INFO",
                "MESSAGE_NODE_REGISTRATION_STATUS");
    }

    /** The pattern prometheus-slurm-exporter reads RPC lines with. */
    private static List<String> names(String out) {
        Pattern line = Pattern.compile("^\\s*([A-Z_]+)\\s*\\(\\s*(\\d+)\\)\\s+count:(\\d+)\\s+ave_time:(\\d+)"
                + "\\s+total_time:(\\d+)\\s*$", Pattern.MULTILINE);
        Matcher m = line.matcher(out);
        List<String> names = new ArrayList<>();
        while (m.find()) {
            names.add(m.group(1));
        }
        return names;
    }

    @Test
    void beforeAnyBackfillCycleMeansAreLeftOut() {
        Console console = console(answer().toBuilder().setBackfill(BackfillStats.getDefaultInstance())
                .setMain(SchedulerCycleStats.getDefaultInstance()).setDataSince(NOW - 30).build());
        assertThat(new Sdiag(console.env(), Long::toString).run(List.of())).isZero();
        assertThat(console.out()).contains("""
                Main schedule statistics (microseconds):
                \tLast cycle:   0
                \tMax cycle:    0
                \tTotal cycles: 0
                \tLast queue length: 0

                Backfilling stats
                \tTotal backfilled jobs (since last slurm start): 0
                \tTotal backfilled jobs (since last stats cycle start): 0
                \tTotal backfilled heterogeneous job components: 0
                \tTotal cycles: 0
                \tLast cycle when: N/A
                \tLast cycle: 0
                \tMax cycle:  0
                \tLast depth cycle: 0
                \tLast depth cycle (try sched): 0
                \tLast queue length: 0
                \tLast table size: 0
                """);
    }

    @Test
    void resetAsksTheControllerAndSaysSo() {
        assertThat(sdiag("-r")).isEqualTo("Reset scheduling statistics\n");
        assertThat(requests).containsExactly(StatsInfoRequest.newBuilder().setReset(true).build());
    }

    @Test
    void refusedResetNamesTheCall() {
        Console console = console(null);
        assertThat(new Sdiag(console.env(), Long::toString).run(List.of("--reset"))).isEqualTo(1);
        assertThat(console.out()).isEmpty();
        assertThat(console.err()).isEqualTo("slurm_reset_statistics: Access/permission denied\n");
    }

    @Test
    void jsonCarriesTheSameFigures() {
        String json = sdiag("--json");
        assertThat(json).contains("\"statistics\" : {", "\"jobs_submitted\" : 12", "\"schedule_cycle_mean\" : 300",
                "\"bf_backfilled_jobs\" : 5", "\"message_type\" : \"REQUEST_SUBMIT_BATCH_JOB\"",
                "\"user\" : \"alice\"", "\"meta\" : {");
    }

    @Test
    void unknownOptionIsGetoptsComplaint() {
        Console console = console(answer());
        assertThat(new Sdiag(console.env(), Long::toString).run(List.of("--bogus"))).isEqualTo(1);
        assertThat(console.err()).startsWith("sdiag: unrecognized option '--bogus'\n");
        assertThat(requests).isEmpty();
    }
}
