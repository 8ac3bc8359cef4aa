package io.jslurm.slurmdbd.daemon;

import io.jslurm.conf.ConfException;
import io.jslurm.conf.ConfLoader;
import io.jslurm.conf.ConfProblem;
import io.jslurm.conf.Loaded;
import io.jslurm.conf.dbd.SlurmdbdConfig;
import io.jslurm.protocol.auth.Authenticator;
import io.jslurm.protocol.auth.GetentUserDirectory;
import io.jslurm.protocol.auth.LocalHost;
import io.jslurm.protocol.auth.SlurmAuth;
import io.jslurm.protocol.auth.SlurmCredentialSigner;
import io.jslurm.protocol.auth.SlurmKey;
import io.jslurm.slurmdbd.rpc.DbdServer;
import io.jslurm.slurmdbd.rpc.JobVisibility;
import io.jslurm.slurmdbd.storage.AccountingDatabase;
import java.io.PrintStream;
import java.net.InetSocketAddress;
import java.nio.file.Path;
import java.time.InstantSource;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;

/**
 * {@code slurmdbd [-D] [-v...] [-V]}: reads slurmdbd.conf, opens the accounting database (its own
 * embedded MariaDB when StorageHost is not set) and serves controllers, sacct and sacctmgr until
 * stopped. Runs in the foreground; -D is accepted for compatibility with Slurm's daemons.
 */
public final class SlurmdbdMain {

    static final String VERSION_LINE = io.jslurm.common.Version.line();

    private SlurmdbdMain() {
    }

    /** Its own name, as every daemon's jar shares one classpath where a plain logback.xml would clash. */
    static final String LOG_CONFIG = "io/jslurm/slurmdbd/logback-slurmdbd.xml";

    public static void main(String[] args) throws Exception {
        if (System.getProperty("logback.configurationFile") == null) {
            System.setProperty("logback.configurationFile", LOG_CONFIG);
        }
        System.exit(run(List.of(args), System.getenv(), System.out, System.err));
    }

    static int run(List<String> args, Map<String, String> environment, PrintStream out, PrintStream err)
            throws Exception {
        for (String arg : args) {
            switch (arg) {
                case "-V", "--version" -> {
                    out.println(VERSION_LINE);
                    return 0;
                }
                case "-h", "--help" -> {
                    out.print("""
                            Usage: slurmdbd [OPTIONS]
                              -D         Run daemon in foreground.
                              -h         Print this help message.
                              -v         Verbose mode. Multiple -v's increase verbosity.
                              -V         Print version information and exit.
                            """);
                    return 0;
                }
                case "-D" -> { }
                default -> {
                    if (!arg.matches("-v+")) {
                        err.println("slurmdbd: invalid option -- '" + arg.replaceFirst("^-+", "") + "'");
                        return 1;
                    }
                }
            }
        }
        DbdSettings settings;
        try {
            Path confFile = DbdSettings.confFile(environment);
            Loaded<SlurmdbdConfig> loaded = ConfLoader.fromFileSystem().loadSlurmdbd(confFile);
            for (ConfProblem warning : loaded.warnings()) {
                err.println("slurmdbd: warning: " + warning);
            }
            settings = DbdSettings.of(loaded.config(), confFile, environment);
        } catch (ConfException | IllegalArgumentException bad) {
            err.println("slurmdbd: fatal: " + bad.getMessage());
            return 1;
        }
        InstantSource clock = InstantSource.system();
        long slurmUserUid = new GetentUserDirectory(clock).uidOf(settings.slurmUser()).orElse(0L);
        SlurmKey key = SlurmKey.load(settings.keyFile());
        AccountingDatabase db = AccountingDatabase.open(settings.storage(), clock);
        DbdServer server = DbdServer.start(new InetSocketAddress(settings.listenHost(), settings.port()),
                db.dataSource(), new Authenticator(List.of(new SlurmAuth(key, clock))), slurmUserUid,
                JobVisibility.everyone(slurmUserUid), clock,
                new SlurmCredentialSigner(key, clock).sourceFor(slurmUserUid, 0, LocalHost.name()));
        err.println("slurmdbd: slurmdbd version 22.05 started, listening on " + server.localAddress());
        CountDownLatch stopped = new CountDownLatch(1);
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            server.close();
            db.close();
            stopped.countDown();
        }, "slurmdbd-shutdown"));
        stopped.await();
        return 0;
    }
}
