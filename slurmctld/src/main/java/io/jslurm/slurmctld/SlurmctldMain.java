package io.jslurm.slurmctld;

import io.jslurm.common.Version;
import io.jslurm.conf.ConfException;
import io.jslurm.conf.slurm.AuthPlugin;
import io.jslurm.protocol.auth.AuthInfo;
import io.jslurm.protocol.auth.AuthMethods;
import io.jslurm.protocol.auth.CredentialService;
import io.jslurm.protocol.auth.GetentUserDirectory;
import io.jslurm.protocol.auth.LocalHost;
import io.jslurm.protocol.auth.SlurmKey;
import io.jslurm.slurmctld.config.ClusterConfig;
import io.jslurm.slurmctld.config.ListenAddress;
import io.jslurm.slurmctld.rpc.UserGroups;
import io.jslurm.slurmctld.state.CorruptStateException;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.SecureRandom;
import java.time.Duration;
import java.time.InstantSource;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import java.util.stream.Stream;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** The slurmctld command: reads slurm.conf, starts the controller and runs until SIGTERM. */
public final class SlurmctldMain {

    private SlurmctldMain() {
    }

    public static void main(String[] args) {
        System.exit(run(args, System.getenv(), System.out, System.err));
    }

    static int run(String[] args, Map<String, String> environment, PrintStream out, PrintStream err) {
        SlurmctldOptions options;
        try {
            options = SlurmctldOptions.parse(args);
        } catch (IllegalArgumentException e) {
            err.println("slurmctld: " + e.getMessage());
            err.println(SlurmctldOptions.USAGE);
            return 1;
        }
        if (options.help()) {
            out.println(SlurmctldOptions.USAGE);
            return 0;
        }
        if (options.version()) {
            out.println(Version.line());
            return 0;
        }
        Path slurmConf = options.slurmConf(environment);
        ClusterConfig config;
        try {
            config = ClusterConfig.load(slurmConf);
        } catch (ConfException e) {
            e.errors().forEach(problem -> err.println("slurmctld: error: " + problem));
            return 1;
        }
        if (config.slurm().settings().containsKey("AuthType") && config.slurm().authType() != AuthPlugin.SLURM
                && config.slurm().authType() != AuthPlugin.MUNGE) {
            err.println("slurmctld: error: AuthType=" + config.slurm().authType().confName()
                    + " is not supported; use AuthType=auth/munge or AuthType=auth/slurm");
            return 1;
        }
        var slurm = config.slurm();
        Logging.configure(options.foreground() ? java.util.Optional.empty() : slurm.paths().slurmctldLogFile(),
                slurm.slurmctldDebug(), options.verbosity());
        Logger log = LoggerFactory.getLogger(SlurmctldMain.class);
        config.loaded().warnings().forEach(w -> log.warn("{}", w));
        try {
            Files.createDirectories(slurm.paths().stateSaveLocation());
            if (options.clearState()) {
                clearState(slurm.paths().stateSaveLocation(), log);
            }
            SlurmKey key = loadOrCreateKey(slurmConf.toAbsolutePath().resolveSibling("slurm.key"), log);
            InstantSource clock = InstantSource.system();
            GetentUserDirectory users = new GetentUserDirectory(clock);
            long slurmUser = uid(users, slurm.slurmUser());
            long slurmdUser = uid(users, slurm.slurmdUser());
            Controller.Options controllerOptions = new Controller.Options(
                    ListenAddress.of(slurm, LocalHost.name()), slurmUser, slurmdUser, UserGroups.system(),
                    Duration.ofSeconds(2), true);
            Controller controller = startController(config, key, clock, controllerOptions, options, log);
            // The controller's host is often a login node without slurmd: its users need credentials too.
            Optional<CredentialService> credentialService = AuthMethods.credentialService(slurm, key, clock,
                    AuthInfo.of(slurm, slurmConf).credentialSocket(), LocalHost.name());
            Path pidFile = slurm.paths().slurmctldPidFile();
            writePid(pidFile, log);
            CountDownLatch stopped = new CountDownLatch(1);
            Runtime.getRuntime().addShutdownHook(new Thread(() -> {
                log.info("Terminate signal (SIGINT or SIGTERM) received");
                controller.close();
                credentialService.ifPresent(CredentialService::close);
                try {
                    Files.deleteIfExists(pidFile);
                } catch (IOException e) {
                    log.warn("Cannot remove {}: {}", pidFile, e.getMessage());
                }
                stopped.countDown();
                Logging.stop();
            }, "slurmctld-shutdown"));
            stopped.await();
            return 0;
        } catch (Exception e) {
            log.error("fatal: {}", e.getMessage());
            err.println("slurmctld: fatal: " + e.getMessage());
            Logging.stop();
            return 1;
        }
    }


    private static long uid(GetentUserDirectory users, String name) throws IOException {
        if (name.equals("root")) {
            return 0;
        }
        return users.uidOf(name).orElseThrow(() -> new IOException("Invalid user for SlurmUser " + name));
    }

    /** -c: jobs and node states start afresh; the directory itself stays. */
    private static void clearState(Path stateSave, Logger log) throws IOException {
        try (Stream<Path> files = Files.list(stateSave)) {
            for (Path file : files.toList()) {
                String name = file.getFileName().toString();
                if (name.startsWith("job_journal.") || name.startsWith("job_snapshot.") || name.equals("node_state")) {
                    Files.delete(file);
                }
            }
        }
        log.info("Cleared saved job and node state in {}", stateSave);
    }

    private static Controller startController(ClusterConfig config, SlurmKey key, InstantSource clock,
                                              Controller.Options controllerOptions, SlurmctldOptions options,
                                              Logger log) throws IOException, InterruptedException {
        try {
            return Controller.start(config, key, clock, controllerOptions);
        } catch (CorruptStateException e) {
            if (!options.ignoreStateErrors()) {
                throw new IOException(e.getMessage() + "; start with -i to set the saved state aside", e);
            }
            setAside(config.slurm().paths().stateSaveLocation(), clock, log, e);
            return Controller.start(config, key, clock, controllerOptions);
        }
    }

    /** -i: unreadable job state moves to a dated folder beside it, and the controller starts without it. */
    private static void setAside(Path stateSave, InstantSource clock, Logger log, Exception cause) throws IOException {
        Path aside = stateSave.resolve("unreadable." + clock.instant().getEpochSecond());
        Files.createDirectories(aside);
        try (Stream<Path> files = Files.list(stateSave)) {
            for (Path file : files.toList()) {
                String name = file.getFileName().toString();
                if (name.startsWith("job_journal.") || name.startsWith("job_snapshot.")) {
                    Files.move(file, aside.resolve(name));
                }
            }
        }
        log.error("Job state unreadable ({}); moved to {} and starting without it", cause.getMessage(), aside);
    }

    /** auth/slurm's key next to slurm.conf; a first start generates one readable by its owner only. */
    static SlurmKey loadOrCreateKey(Path keyFile, Logger log) throws IOException {
        if (!Files.exists(keyFile)) {
            byte[] bytes = new byte[1024];
            new SecureRandom().nextBytes(bytes);
            Files.createFile(keyFile, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
            Files.write(keyFile, bytes);
            log.info("Generated a new auth/slurm key in {}; copy it to every node", keyFile);
        }
        return SlurmKey.load(keyFile);
    }

    private static void writePid(Path pidFile, Logger log) {
        try {
            if (pidFile.getParent() != null) {
                Files.createDirectories(pidFile.getParent());
            }
            Files.writeString(pidFile, ProcessHandle.current().pid() + "\n");
        } catch (IOException e) {
            log.error("Unable to write pid file {}: {}", pidFile, e.getMessage());
        }
    }
}
