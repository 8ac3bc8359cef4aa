package io.jslurm.slurmdbd.rpc;

import static org.assertj.core.api.Assertions.assertThat;

import io.jslurm.cli.sacct.AccountingDaemon;
import io.jslurm.cli.sacctmgr.Sacctmgr;
import io.jslurm.protocol.client.RpcClient;
import io.jslurm.protocol.proto.DbdMessage;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** sacctmgr through the real slurmdbd: the set-up a GPU cluster's administrator runs, and what users may do. */
class SacctmgrEndToEndTest {

    private static DbdFixture dbd;
    private String error;

    @BeforeAll
    static void start() throws Exception {
        dbd = new DbdFixture("sacctmgr");
    }

    @AfterAll
    static void stop() {
        if (dbd != null) {
            dbd.close();
        }
    }

    private String sacctmgr(long uid, String... args) {
        AccountingDaemon daemon = AccountingDaemon.at(new InetSocketAddress("127.0.0.1", dbd.port), Duration.ofSeconds(60),
                dbd.credentialsFor(uid), "gpu");
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int status = new Sacctmgr(new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8), daemon).run(List.of(args));
        error = err.toString(StandardCharsets.UTF_8);
        return status == 0 ? out.toString(StandardCharsets.UTF_8) : "exit " + status;
    }

    @Test
    void theGpuClustersQosSetUpRoundTrips() {
        sacctmgr(0, "-i", "add", "cluster", "gpu");
        sacctmgr(0, "-i", "add", "account", "ml", "Description=machine learning", "Organization=research");
        assertThat(sacctmgr(0, "-i", "add", "user", "alice,bob", "Account=ml", "AdminLevel=Operator"))
                .contains(" Adding User(s)", "  alice", "  bob");
        assertThat(sacctmgr(0, "-i", "add", "qos", "normal-train", "Priority=10", "MaxTRESPerUser=gres/gpu=32",
                "MaxJobsPerUser=10")).contains(" Adding QOS(s)", "  normal-train");
        sacctmgr(0, "-i", "add", "qos", "priority-train", "Priority=100", "MaxTRESPerUser=gres/gpu=64",
                "MaxWallDurationPerJob=7-00:00:00");
        assertThat(sacctmgr(0, "-i", "modify", "user", "alice", "set", "qos=normal-train,priority-train"))
                .contains(" Modified users...", "  alice");

        assertThat(sacctmgr(1001, "-P", "show", "qos", "format=name,priority,maxtrespu,maxjobspu,maxwall")).isEqualTo("""
                Name|Priority|MaxTRESPU|MaxJobsPU|MaxWall
                normal|0||||
                normal-train|10|gres/gpu=32|10|
                priority-train|100|gres/gpu=64||7-00:00:00
                """.replace("||||\n", "|||\n"));
        assertThat(sacctmgr(1001, "-P", "-n", "show", "user", "format=user,defaultaccount,adminlevel"))
                .isEqualTo("alice|ml|Operator\nbob|ml|Operator\nroot|root|Administrator\n");
        assertThat(sacctmgr(1001, "-p", "show", "association", "where", "user=alice", "format=cluster,account,user,qos"))
                .isEqualTo("Cluster|Account|User|QOS|\ngpu|ml|alice|normal-train,priority-train|\n");
        assertThat(sacctmgr(1001, "show", "account", "ml")).isEqualTo("""
                   Account                Descr                  Org\s
                ---------- -------------------- --------------------\s
                        ml     machine learning             research\s
                """);
    }

    @Test
    void changesTakeRootOrSlurmUserAndMistakesAreExplained() {
        sacctmgr(0, "-i", "add", "cluster", "gpu");
        assertThat(sacctmgr(1001, "-i", "add", "qos", "sneaky")).isEqualTo("exit 1");
        assertThat(error).contains("Access/permission denied");
        assertThat(sacctmgr(DbdFixture.SLURM_USER, "-i", "add", "qos", "batch", "Priority=5")).contains("  batch");
        assertThat(sacctmgr(0, "-i", "add", "user", "carol", "Account=nosuch")).isEqualTo("exit 1");
        assertThat(error).contains("This account 'nosuch' doesn't exist.");
        assertThat(sacctmgr(0, "-i", "modify", "qos", "batch", "set", "MaxWall=bogus")).isEqualTo("exit 1");
        assertThat(sacctmgr(0, "-i", "delete", "qos", "batch")).contains("Deleting");
        assertThat(sacctmgr(0, "-P", "-n", "show", "qos", "batch", "format=name")).isEmpty();
    }

    @Test
    void qosPreemptListsAreNamedAndTheirModeDefaultsToTheClusters() {
        sacctmgr(0, "-i", "add", "cluster", "gpu");
        sacctmgr(0, "-i", "add", "qos", "scavenger");
        sacctmgr(0, "-i", "add", "qos", "low");
        assertThat(sacctmgr(0, "-i", "add", "qos", "urgent", "Preempt=low", "PreemptMode=cancel"))
                .contains("  urgent");
        assertThat(sacctmgr(0, "-i", "modify", "qos", "urgent", "set", "Preempt+=scavenger", "GraceTime=90"))
                .contains("  urgent");
        assertThat(sacctmgr(1001, "-P", "-n", "show", "qos", "low,urgent", "format=name,gracetime"))
                .isEqualTo("low|00:00:00\nurgent|00:01:30\n");
        assertThat(sacctmgr(1001, "-P", "-n", "show", "qos", "urgent,low", "format=name,preempt,preemptmode"))
                .isEqualTo("low||cluster\nurgent|scavenger,low|CANCEL\n");

        assertThat(sacctmgr(0, "-i", "modify", "qos", "urgent", "set", "Preempt=nosuch")).isEqualTo("exit 1");
        assertThat(error).contains("You gave a bad qos 'nosuch'");
        assertThat(sacctmgr(0, "-i", "modify", "qos", "urgent", "set", "PreemptMode=sometimes")).isEqualTo("exit 1");
        assertThat(error).contains("Invalid PreemptMode: sometimes");

        sacctmgr(0, "-i", "delete", "qos", "low");
        assertThat(sacctmgr(1001, "-P", "-n", "show", "qos", "urgent", "format=name,preempt"))
                .isEqualTo("urgent|scavenger\n");
        sacctmgr(0, "-i", "modify", "qos", "scavenger", "set", "PreemptExemptTime=1-00:00:30");
        assertThat(sacctmgr(1001, "-P", "-n", "show", "qos", "scavenger", "format=name,preemptexempttime"))
                .isEqualTo("scavenger|1-00:00:30\n");
        sacctmgr(0, "-i", "modify", "qos", "urgent", "set", "Preempt=", "PreemptMode=-1");
        assertThat(sacctmgr(1001, "-P", "-n", "show", "qos", "urgent", "format=name,preempt,preemptmode"))
                .isEqualTo("urgent||cluster\n");
    }

    @Test
    void addingAnExistingUserToAnotherAccountKeepsItsDefaultAccount() {
        sacctmgr(0, "-i", "add", "cluster", "gpu");
        sacctmgr(0, "-i", "add", "account", "physics");
        sacctmgr(0, "-i", "add", "account", "chemistry");
        sacctmgr(0, "-i", "add", "user", "dave", "Account=physics");
        sacctmgr(0, "-i", "add", "user", "dave", "Account=chemistry");
        assertThat(sacctmgr(1001, "-P", "-n", "show", "user", "dave", "format=user,defaultaccount"))
                .isEqualTo("dave|physics\n");
        assertThat(sacctmgr(1001, "-P", "-n", "show", "association", "where", "user=dave", "format=account"))
                .contains("physics\n", "chemistry\n");
        sacctmgr(0, "-i", "add", "user", "dave", "Account=chemistry", "DefaultAccount=chemistry");
        assertThat(sacctmgr(1001, "-P", "-n", "show", "user", "dave", "format=user,defaultaccount"))
                .isEqualTo("dave|chemistry\n");
        // The database is shared with the other tests, which list every user.
        assertThat(sacctmgr(0, "-i", "delete", "user", "dave")).contains("dave");
    }

    @Test
    void optionsMayFollowTheCommandAsSlurmsGetoptPermutesThem() {
        sacctmgr(0, "-i", "add", "cluster", "gpu");
        assertThat(sacctmgr(1001, "show", "qos", "normal", "format=name", "-n", "-P")).isEqualTo("normal\n");
        assertThat(sacctmgr(1001, "show", "user", "-Z")).isEqualTo("exit 1");
        assertThat(error).isEqualTo("sacctmgr: invalid option -- 'Z'\nTry \"sacctmgr --help\" for more information\n");
    }
}
