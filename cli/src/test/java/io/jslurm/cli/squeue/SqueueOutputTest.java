package io.jslurm.cli.squeue;

import static org.assertj.core.api.Assertions.assertThat;

import io.jslurm.cli.testing.Console;
import io.jslurm.cli.testing.Records;
import io.jslurm.protocol.proto.JobRecord;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** squeue's layouts over a known queue, line for line. */
class SqueueOutputTest {

    private static String squeue(String... args) {
        return squeue(Map.of(), Records.queue(), args);
    }

    private static String squeue(Map<String, String> environment, List<JobRecord> jobs, String... args) {
        Console console = Console.offline(environment);
        int status = new Squeue(console.env()).show(List.of(args), jobs);
        assertThat(console.err()).isEmpty();
        assertThat(status).isZero();
        return console.out();
    }

    @Test
    void defaultLayoutSortsByPartitionThenStateThenPriority() {
        assertThat(squeue()).isEqualTo("""
                             JOBID PARTITION     NAME     USER ST       TIME  NODES NODELIST(REASON)
                               103       cpu preproce    carol  R    1:00:00      1 cpu001
                               102       gpu     eval      bob PD       0:00      1 (Resources)
                      200_[1-15%4]       gpu    sweep    alice PD       0:00      1 (JobArrayTaskLimit)
                               101       gpu train-ll    alice  R      15:30      2 gpu[01-02]
                             200_0       gpu    sweep    alice  R       5:30      1 gpu03
                """);
    }

    @Test
    void longLayoutStartsWithTheDateAndShowsStateNamesAndLimitsCutToTheirColumn() {
        assertThat(squeue("-l")).isEqualTo("""
                Mon Mar 02 10:15:30 2026
                             JOBID PARTITION     NAME     USER    STATE       TIME TIME_LIMI  NODES NODELIST(REASON)
                               103       cpu preproce    carol  RUNNING    1:00:00 UNLIMITED      1 cpu001
                               102       gpu     eval      bob  PENDING       0:00   1:00:00      1 (Resources)
                      200_[1-15%4]       gpu    sweep    alice  PENDING       0:00     30:00      1 (JobArrayTaskLimit)
                               101       gpu train-ll    alice  RUNNING      15:30 1-00:00:0      2 gpu[01-02]
                             200_0       gpu    sweep    alice  RUNNING       5:30     30:00      1 gpu03
                """);
    }

    @Test
    void arrayTasksOneLineEachWithDashR() {
        String out = squeue("-r", "-h", "-j", "200", "-o", "%i %t %r");
        assertThat(out.lines()).hasSize(16).startsWith("200_1 PD JobArrayTaskLimit", "200_2 PD JobArrayTaskLimit")
                .contains("200_15 PD JobArrayTaskLimit", "200_0 R None");
    }

    @Test
    void pendingTasksSentOneByOneAreCollapsedAsSlurmShowsThem() {
        JobRecord rest = Records.sweepRest();
        List<JobRecord> separate = List.of(Records.sweepTask0(),
                rest.toBuilder().clearArrayTasksPending().setArrayTaskId(1).build(),
                rest.toBuilder().clearArrayTasksPending().setArrayTaskId(2).build(),
                rest.toBuilder().clearArrayTasksPending().setArrayTaskId(3).build(),
                rest.toBuilder().clearArrayTasksPending().setArrayTaskId(7).build());
        assertThat(squeue(Map.of(), separate, "-h", "-o", "%i")).isEqualTo("200_[1-3,7%4]\n200_0\n");
    }

    @Test
    void percentLettersPrintEveryKindOfValue() {
        String format = "%i|%A|%F|%K|%a|%c|%C|%D|%m|%q|%Q|%p|%y|%z|%h|%O|%k|%E|%Z|%o|%U|%G|%g|%b|%n|%x|%N|%B"
                + "|%S|%V|%e|%l|%L|%M|%T|%t|%r|%j|%P|%u|%d|%f|%v|%w|%W|%s|%X|%Y|%H|%I|%J";
        assertThat(squeue("-h", "-j", "101", "-o", format)).isEqualTo(
                "101|101|101|N/A|ml|32|64|2|250G|normal|1000|0.00000023|0|*:*:*|OK|0|(null)|(null)|/home/alice"
                        + "|/home/alice/train.sh|1000|100|users|gres:gpu:a100:8|||gpu[01-02]|gpu01"
                        + "|2026-03-02T10:00:00|2026-03-02T09:59:00|2026-03-03T10:00:00|1-00:00:00|23:44:30|15:30"
                        + "|RUNNING|R|None|train-llama|gpu|alice|0|(null)|(null)|(null)|(null)|N/A|N/A|(null)|*|*|*\n");
        assertThat(squeue("-h", "-j", "102", "-o", "%m %c %b %S %e %L %R")).isEqualTo(
                "4G 8 gres:gpu:1 N/A N/A 1:00:00 (Resources)\n");
    }

    @Test
    void widthsPadAndCutAsSlurmDoes() {
        assertThat(squeue("-j", "200", "-o", "%.3i|%10j|%.10P|%2T")).isEqualTo("""
                JOB|NAME      | PARTITION|ST
                200|sweep     |       gpu|PE
                200|sweep     |       gpu|RU
                """);
    }

    @Test
    void longFieldNamesTakeWidthsJustificationAndSuffixes() {
        assertThat(squeue("-j", "101,102", "-O", "JobID:6,Name:.12,State:9|,Partition,TimeLimit:.11")).isEqualTo(
                "JOBID         NAMESTATE    |PARTITION            TIME_LIMIT\n"
                        + "102           evalPENDING  |gpu                     1:00:00\n"
                        + "101    train-llamaRUNNING  |gpu                  1-00:00:00\n");
    }

    @Test
    void formatVariablesGiveTheDefaultLayoutAndOptionsWin() {
        assertThat(squeue(Map.of("SQUEUE_FORMAT", "%i %u"), Records.queue(), "-h", "-p", "cpu")).isEqualTo(
                "103 carol\n");
        assertThat(squeue(Map.of("SQUEUE_FORMAT2", "jobid:5,username:6"), Records.queue(), "-h", "-p", "cpu"))
                .isEqualTo("103  carol \n");
        assertThat(squeue(Map.of("SQUEUE_FORMAT", "%i %u"), Records.queue(), "-h", "-p", "cpu", "-o", "%j"))
                .isEqualTo("preprocess_dataset_v2\n");
    }

    @Test
    void anUnknownUserIsReportedAndShowsNoJobsOfItsOwn() {
        Console console = Console.offline();
        assertThat(new Squeue(console.env()).show(List.of("-u", "nosuchuser,bob", "-o", "%i %u"), Records.queue()))
                .isZero();
        assertThat(console.err()).isEqualTo("squeue: error: Invalid user: nosuchuser\n\n");
        assertThat(console.out()).isEqualTo("JOBID USER\n102 bob\n");

        Console none = Console.offline(Map.of("SQUEUE_USERS", "nosuchuser"));
        assertThat(new Squeue(none.env()).show(List.of("-o", "%i"), Records.queue())).isZero();
        assertThat(none.err()).isEqualTo("squeue: error: Invalid user: nosuchuser\n\n");
        assertThat(none.out()).isEqualTo("JOBID\n");
    }

    @Test
    void statesUsersAccountsNamesAndNodesNarrowTheList() {
        assertThat(squeue("-h", "-t", "pd", "-o", "%i")).isEqualTo("102\n200_[1-15%4]\n");
        assertThat(squeue("-h", "-t", "COMPLETED,cd", "-o", "%i")).isEqualTo("99\n");
        assertThat(squeue("-h", "-t", "all", "-o", "%i").lines()).hasSize(6);
        assertThat(squeue("-h", "-u", "bob,carol", "-o", "%i")).isEqualTo("103\n102\n");
        assertThat(squeue("-h", "--me", "-o", "%i")).isEqualTo("200_[1-15%4]\n101\n200_0\n");
        assertThat(squeue("-h", "-A", "data", "-o", "%i")).isEqualTo("103\n");
        assertThat(squeue("-h", "-n", "eval", "-o", "%i")).isEqualTo("102\n");
        assertThat(squeue("-h", "-w", "gpu[02-03]", "-o", "%i")).isEqualTo("101\n200_0\n");
        assertThat(squeue("-h", "-j", "200_3", "-o", "%i")).isEqualTo("200_[1-15%4]\n");
    }

    @Test
    void everyStateNameAndCodeSlurmKnowsIsAcceptedInAnyCase() {
        List<String> codes = List.of("PD", "R", "S", "CD", "CA", "F", "TO", "NF", "PR", "BF", "DL", "OOM", "CG",
                "CF", "RS", "RD", "RQ", "RF", "RH", "RV", "SI", "SE", "SO", "ST");
        for (String name : SqueueOptions.VALID_JOB_STATES.split(",")) {
            squeue("-h", "-t", name.toLowerCase(java.util.Locale.ROOT), "-o", "%i");
        }
        for (String code : codes) {
            squeue("-h", "-t", code, "-o", "%i");
            squeue("-h", "--states=" + code.toLowerCase(java.util.Locale.ROOT), "-o", "%i");
        }
        assertThat(squeue("-h", "-t", "all", "-o", "%i").lines()).hasSize(6);
    }

    @Test
    void statesNoJobHereCarriesSelectNoneAndMixWithOthers() {
        assertThat(squeue("-h", "-t", "RH,rf,Resv_Del_Hold,stopped", "-o", "%i")).isEmpty();
        assertThat(squeue("-h", "-t", "rh,PD,st", "-o", "%i")).isEqualTo("102\n200_[1-15%4]\n");
    }

    @Test
    void startShowsPendingJobsWithTheirExpectedStart() {
        assertThat(squeue("--start")).startsWith(
                "             JOBID PARTITION     NAME     USER ST          START_TIME  NODES SCHEDNODES           NODELIST(REASON)\n");
    }

    @Test
    void noConvertPrintsMemoryInMegabytes() {
        assertThat(squeue("-h", "-j", "102", "--noconvert", "-o", "%m")).isEqualTo("4096M\n");
    }
}
