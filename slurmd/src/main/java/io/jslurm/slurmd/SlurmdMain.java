package io.jslurm.slurmd;

import io.jslurm.slurmd.gpu.GpuDetection;
import io.jslurm.slurmd.gpu.NvmlGpuDetector;
import io.jslurm.slurmd.hw.HardwareException;
import io.jslurm.slurmd.hw.NodeHardware;
import io.jslurm.slurmd.hw.NodeHardwareProbe;
import java.io.PrintStream;
import java.util.List;
import java.util.Objects;
import java.util.function.Supplier;

/**
 * The {@code slurmd} command. {@code -C} prints the detected node configuration, {@code -V} the
 * version, {@code -h} the usage; running the daemon itself is not implemented yet.
 */
public final class SlurmdMain {
    static final String NOT_IMPLEMENTED = "slurmd: the node daemon is not implemented yet";

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

    /** Runs the command line and returns the exit status. The first of -C, -V or -h decides, as getopt would. */
    public int run(List<String> args) {
        for (String arg : args) {
            switch (arg) {
                case "-C":
                    return printConfig();
                case "-V":
                case "--version":
                    out.println(Version.line());
                    return 0;
                case "-h":
                case "--help":
                    err.print(usage());
                    return 0;
                default:
                    break;
            }
        }
        err.println(NOT_IMPLEMENTED);
        return 1;
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
                   -C          Print the node's detected hardware configuration and exit.
                   -h          Print this help message and exit.
                   -V          Print version information and exit.
                Running the node daemon itself is not implemented yet.
                """;
    }
}
