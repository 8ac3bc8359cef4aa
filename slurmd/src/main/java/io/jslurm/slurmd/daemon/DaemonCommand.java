package io.jslurm.slurmd.daemon;

import io.jslurm.conf.ConfException;
import io.jslurm.conf.ConfLoader;
import io.jslurm.conf.LoadedConfig;
import io.jslurm.protocol.auth.AuthInfo;
import io.jslurm.protocol.auth.AuthMethods;
import io.jslurm.protocol.auth.SlurmKey;
import io.jslurm.slurmd.gpu.GpuDetection;
import io.jslurm.slurmd.hw.NodeHardware;
import java.io.IOException;
import java.io.PrintStream;
import java.time.InstantSource;
import java.util.Objects;
import java.util.concurrent.CountDownLatch;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * {@code slurmd} without -C/-V/-h: reads the configuration, finds which node it is, starts the
 * daemon and runs until SIGTERM/SIGINT. Anything that stops it from starting is one
 * {@code slurmd: fatal:} line on standard error and exit status 1.
 */
public final class DaemonCommand {
    private static final Logger LOG = LoggerFactory.getLogger(DaemonCommand.class);

    private final Supplier<NodeHardware> hardware;
    private final Supplier<GpuDetection> gpus;
    private final PrintStream err;

    public DaemonCommand(Supplier<NodeHardware> hardware, Supplier<GpuDetection> gpus, PrintStream err) {
        this.hardware = Objects.requireNonNull(hardware, "hardware");
        this.gpus = Objects.requireNonNull(gpus, "gpus");
        this.err = Objects.requireNonNull(err, "err");
    }

    public int run(SlurmdOptions options) {
        Slurmd slurmd;
        try {
            Slurmd.Setup setup = setup(options);
            DaemonLogging.configure(setup.files().logFile(), options.foreground(), options.verbosity());
            setup.config().warnings().forEach(warning -> LOG.warn("{}", warning));
            slurmd = Slurmd.start(setup);
        } catch (ConfException e) {
            e.errors().forEach(problem -> err.println("slurmd: error: " + problem));
            err.println("slurmd: fatal: cannot use configuration " + options.slurmConf());
            return 1;
        } catch (NodeIdentity.UnknownNodeException | IOException | RuntimeException e) {
            err.println("slurmd: fatal: " + e.getMessage());
            LOG.error("cannot start: {}", e.getMessage());
            return 1;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return 1;
        }
        CountDownLatch stopped = new CountDownLatch(1);
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            slurmd.close();
            stopped.countDown();
        }, "slurmd-stop"));
        try {
            stopped.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        return 0;
    }

    /** Everything a slurmd starts from, read and detected as the options say. */
    Slurmd.Setup setup(SlurmdOptions options) throws IOException, NodeIdentity.UnknownNodeException {
        LoadedConfig config = ConfLoader.fromFileSystem().load(options.slurmConf());
        NodeHardware detected = hardware.get();
        String hostName = detected.nodeName();
        NodeIdentity identity = NodeIdentity.resolve(config.slurm(), options.nodeName(), hostName);
        DaemonFiles files = DaemonFiles.of(config.slurm().paths(), identity.name(), hostName);
        SlurmKey key = AuthMethods.clusterKey(config.slurm(),
                AuthInfo.of(config.slurm(), options.slurmConf()).keyFile());
        return new Slurmd.Setup(config, options.slurmConf().toAbsolutePath(), identity, files, hostName, detected,
                gpus.get(), key, InstantSource.system(), options.clearState(), ReportTiming.of(config.slurm().timers()));
    }
}
