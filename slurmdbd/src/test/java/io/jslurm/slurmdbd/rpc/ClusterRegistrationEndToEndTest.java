package io.jslurm.slurmdbd.rpc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import io.jslurm.cli.sacct.AccountingDaemon;
import io.jslurm.cli.sacctmgr.Sacctmgr;
import io.jslurm.protocol.ErrorCode;
import io.jslurm.protocol.RpcException;
import io.jslurm.protocol.auth.UserDirectory;
import io.jslurm.protocol.client.RpcClient;
import io.jslurm.protocol.proto.DbdAssocRecord;
import io.jslurm.protocol.proto.DbdAssocSnapshot;
import io.jslurm.protocol.proto.DbdAssocSnapshotRequest;
import io.jslurm.protocol.proto.DbdMessage;
import io.jslurm.slurmctld.assoc.AssocCache;
import io.jslurm.slurmctld.assoc.AssocSnapshotFile;
import io.jslurm.slurmctld.assoc.DbdAssocSource;
import io.jslurm.slurmdbd.assoc.ClusterRegistration;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.slf4j.LoggerFactory;

/**
 * A controller adds its own cluster to the accounting database when it first asks slurmdbd for its associations
 * (Slurm's slurmctld does so when it registers): sacctmgr can then add accounts without {@code add cluster}, the
 * cluster has the root association tree {@code add cluster} gives it, and {@code add cluster} of a cluster that is
 * there answers as Slurm's sacctmgr. Each test uses a cluster of its own in one real slurmdbd.
 */
class ClusterRegistrationEndToEndTest {

    private static DbdFixture dbd;
    private static final ListAppender<ILoggingEvent> log = new ListAppender<>();
    private String output;
    private String error;

    @BeforeAll
    static void start() throws Exception {
        dbd = new DbdFixture("cluster-registration");
        log.start();
        ((Logger) LoggerFactory.getLogger(ClusterRegistration.class)).addAppender(log);
    }

    @AfterAll
    static void stop() {
        ((Logger) LoggerFactory.getLogger(ClusterRegistration.class)).detachAppender(log);
        if (dbd != null) {
            dbd.close();
        }
    }

    /** sacctmgr as root on a host whose slurm.conf names {@code cluster}; returns its exit status. */
    private int sacctmgr(String cluster, String... args) {
        AccountingDaemon daemon = AccountingDaemon.at(new InetSocketAddress("127.0.0.1", dbd.port),
                Duration.ofSeconds(60), dbd.credentialsFor(0), cluster);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int status = new Sacctmgr(new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8), daemon).run(List.of(args));
        output = out.toString(StandardCharsets.UTF_8);
        error = err.toString(StandardCharsets.UTF_8);
        return status;
    }

    /** What a controller's association poll sends, with the credential of {@code uid}. */
    private static DbdAssocSnapshot poll(long uid, String cluster, int controlPort) throws Exception {
        try (RpcClient<DbdMessage> client = dbd.client(uid)) {
            return client.call(DbdAssocSnapshotRequest.newBuilder().setCluster(cluster).setControlPort(controlPort)
                    .build(), DbdAssocSnapshot.class);
        }
    }

    private static List<String> accountsAndUsers(DbdAssocSnapshot snapshot) {
        return snapshot.getAssociationsList().stream()
                .map(a -> a.getAccount() + "/" + a.getUser() + " under " + a.getParentAccount()).toList();
    }

    private static long addedLines(String cluster) {
        return log.list.stream().filter(e -> e.getFormattedMessage().startsWith("Added cluster " + cluster + " "))
                .count();
    }

    @Test
    void theControllersRegistrationAddsItsClusterWithTheRootAssociationsOnce() throws Exception {
        DbdAssocSnapshot first = poll(DbdFixture.SLURM_USER, "alpha", 6817);
        DbdAssocSnapshot again = poll(DbdFixture.SLURM_USER, "alpha", 6817);

        assertThat(accountsAndUsers(first)).containsExactly("root/ under ", "root/root under root");
        assertThat(accountsAndUsers(again)).isEqualTo(accountsAndUsers(first));
        assertThat(addedLines("alpha")).isEqualTo(1);
        assertThat(sacctmgr("alpha", "-P", "-n", "show", "cluster", "alpha",
                "format=cluster,controlhost,controlport,rpc")).isZero();
        assertThat(output).isEqualTo("alpha|127.0.0.1|6817|9728\n");
        assertThat(sacctmgr("alpha", "-P", "-n", "show", "association", "where", "cluster=alpha",
                "format=cluster,account,user")).isZero();
        assertThat(output).isEqualTo("alpha|root|\nalpha|root|root\n");
        assertThat(dbd.count("SELECT COUNT(*) FROM cluster_table WHERE name = 'alpha'")).isEqualTo(1);
        // As in Slurm's fresh database: user root, an Administrator whose default account is root.
        assertThat(sacctmgr("alpha", "-P", "-n", "show", "user", "root", "format=user,defaultaccount,adminlevel"))
                .isZero();
        assertThat(output).isEqualTo("root|root|Administrator\n");
        assertThat(first.getUsersList()).anySatisfy(user -> {
            assertThat(user.getName()).isEqualTo("root");
            assertThat(user.getAdminLevel()).isEqualTo("Administrator");
            assertThat(user.getDefaultAccount()).isEqualTo("root");
        });
    }

    @Test
    void accountsAndUsersGoInWithoutAddingTheClusterFirst() throws Exception {
        assertThat(sacctmgr("beta", "-i", "add", "account", "foo")).as(error).isEqualTo(1);
        assertThat(error).contains("The cluster 'beta' doesn't exist.");

        poll(DbdFixture.SLURM_USER, "beta", 0);

        assertThat(sacctmgr("beta", "-i", "add", "account", "foo")).as(error).isZero();
        assertThat(output).contains(" Adding Account(s)", "  foo");
        assertThat(sacctmgr("beta", "-i", "add", "user", "alice", "account=foo")).as(error).isZero();
        assertThat(accountsAndUsers(poll(DbdFixture.SLURM_USER, "beta", 0)))
                .containsExactly("root/ under ", "root/root under root", "foo/ under root", "foo/alice under foo");
    }

    @Test
    void aUsersCredentialCannotAddACluster() throws Exception {
        assertThatThrownBy(() -> poll(1001, "gamma", 6817)).isInstanceOfSatisfying(RpcException.class,
                denied -> assertThat(denied.errorCode()).isEqualTo(ErrorCode.ESLURM_ACCESS_DENIED.code()));

        assertThat(dbd.count("SELECT COUNT(*) FROM cluster_table WHERE name = 'gamma'")).isZero();
        assertThat(sacctmgr("gamma", "-P", "-n", "show", "cluster", "gamma")).isZero();
        assertThat(output).isEmpty();
        assertThat(addedLines("gamma")).isZero();
    }

    @Test
    void addingAClusterThatIsThereAnswersAsSlurmsSacctmgr() throws Exception {
        poll(DbdFixture.SLURM_USER, "delta", 6817);

        assertThat(sacctmgr("delta", "-i", "add", "cluster", "delta")).isEqualTo(1);
        assertThat(output).isEqualTo(" This cluster delta already exists.  Not adding.\n");
        assertThat(sacctmgr("delta", "-i", "add", "cluster", "delta,epsilon")).isZero();
        assertThat(output).isEqualTo(" This cluster delta already exists.  Not adding.\n Adding Cluster(s)\n"
                + "  epsilon\n");
        assertThat(dbd.count("SELECT COUNT(*) FROM assoc_table WHERE cluster = 'delta'")).isEqualTo(2);
    }

    @Test
    void theOldOrderStillWorksAndTheLaterRegistrationAddsNothing() throws Exception {
        assertThat(sacctmgr("zeta", "-i", "add", "cluster", "zeta")).isZero();
        assertThat(output).isEqualTo(" Adding Cluster(s)\n  zeta\n");
        assertThat(sacctmgr("zeta", "-i", "add", "account", "physics")).as(error).isZero();

        DbdAssocSnapshot registered = poll(DbdFixture.SLURM_USER, "zeta", 6818);

        assertThat(accountsAndUsers(registered))
                .containsExactly("root/ under ", "root/root under root", "physics/ under root");
        assertThat(addedLines("zeta")).isZero();
        assertThat(sacctmgr("zeta", "-P", "-n", "show", "cluster", "zeta", "format=cluster,controlport")).isZero();
        assertThat(output).isEqualTo("zeta|6818\n");
    }

    @Test
    void aControllersFirstCopyAlreadyHoldsTheClusterItAdded() throws Exception {
        Path state = Files.createTempDirectory("assoc-first");
        UserDirectory nobody = new UserDirectory() {
            @Override
            public OptionalLong uidOf(String userName) {
                return OptionalLong.empty();
            }

            @Override
            public OptionalLong gidOf(String groupName) {
                return OptionalLong.empty();
            }
        };
        // Before it listens the controller asks without registering its port, as slurmctld's start-up does.
        DbdAssocSource source = new DbdAssocSource(new InetSocketAddress("127.0.0.1", dbd.port),
                Duration.ofSeconds(10), dbd.credentialsFor(DbdFixture.SLURM_USER), "eta", Optional::empty);
        try (AssocCache cache = new AssocCache(source, new AssocSnapshotFile(state), nobody)) {
            cache.load();

            assertThat(cache.holdsCopy()).isTrue();
            Optional<DbdAssocRecord> root = cache.data().association("root", "root", "");
            assertThat(root).isPresent();
        }
        assertThat(sacctmgr("eta", "-i", "add", "account", "chemistry")).as(error).isZero();
        assertThat(addedLines("eta")).isEqualTo(1);
    }
}
