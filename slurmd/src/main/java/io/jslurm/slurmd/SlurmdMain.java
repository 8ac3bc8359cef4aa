package io.jslurm.slurmd;

import io.jslurm.slurmd.gpu.GpuDetection;
import io.jslurm.slurmd.gpu.NvmlGpuDetector;
import io.jslurm.slurmd.hw.HardwareException;
import io.jslurm.slurmd.hw.NodeHardware;
import io.jslurm.slurmd.hw.NodeHardwareProbe;
import java.io.PrintStream;
import io.jslurm.slurmd.daemon.DaemonCommand;
import io.jslurm.slurmd.daemon.SlurmdOptions;
import java.util.List;
import java.util.Optional;
import java.util.Objects;
import java.util.function.Supplier;

/**
 * The {@code slurmd} command: runs the node daemon, or with {@code -C} prints the detected node
 * configuration, {@code -V} the version, {@code -h} the usage.
 */
public final class SlurmdMain {
    private final Supplier<NodeHardware> hardware;
    private final Supplier<GpuDetection> gpus;
    private final PrintStream out;
    private final PrintStream err;

    public SlurmdMain(Supplier<NodeHardware> hardware, Supplier<GpuDetection> gpus, PrintStream out, PrintStream err) {
        this.hardware = Objects.requireNonNull(hardware, "hardware");
        this.gpus = Objects.requireNonNull(gpus, "gpus");
        this.out = Objects.requireNonNull(out, "out");
        this.err = Objects.requireNonNull(err, "err");
    }

    public static void main(String[] args) {
        SlurmdMain slurmd = new SlurmdMain(() -> NodeHardwareProbe.thisMachine().probe(),
                () -> NvmlGpuDetector.detect(NvmlGpuDetector.configuredLibrary()), System.out, System.err);
        int status = slurmd.run(List.of(args));
        System.out.flush();
        System.exit(status);
    }

    /** Runs the command line and returns the exit status; the daemon returns only when stopped. */
    public int run(List<String> args) {
        SlurmdOptions options;
        try {
            options = SlurmdOptions.parse(args, Optional.ofNullable(System.getenv("SLURM_CONF")));
        } catch (SlurmdOptions.UsageException e) {
            err.println(e.getMessage());
            err.print(usage());
            return 1;
        }
        switch (options.action()) {
            case PRINT_CONFIG:
                return printConfig();
            case VERSION:
                out.println(Version.line());
                return 0;
            case HELP:
                err.print(usage());
                return 0;
            default:
                return new DaemonCommand(hardware, gpus, err).run(options);
        }
    }

    private int printConfig() {
        NodeHardware node;
        try {
            node = hardware.get();
        } catch (HardwareException e) {
            err.println("slurmd: fatal: cannot detect the node's hardware: " + e.getMessage());
            return 1;
        }
        GpuDetection detection = gpus.get();
        if (detection instanceof GpuDetection.Failed failed) {
            err.println("slurmd: error: GPU detection through NVML failed: " + failed.message());
        }
        out.print(NodeConfigLine.format(node, detection));
        return 0;
    }

    static String usage() {
        return """
                Usage: slurmd [OPTIONS]
                   -c          Clear state: forget the jobs and undelivered completions of a previous slurmd.
                   -C          Print the node's detected hardware configuration and exit.
                   -D          Run in the foreground, logging to stderr as well.
                   -f file     Read configuration from the specified file.
                   -h          Print this help message and exit.
                   -N nodename Run as the given NodeName of slurm.conf (several slurmd on one host).
                   -v          Verbose mode; repeat for more detail.
                   -V          Print version information and exit.
                """;
    }
}
