package io.jslurm.slurmctld.node;

import io.jslurm.conf.slurm.NodeConfig;
import io.jslurm.protocol.proto.NodeRegistration;
import java.util.Optional;

/**
 * Compares what a registering slurmd found with what slurm.conf promises. Having less than configured drains
 * the node, with the reason Slurm gives; having more is fine (the configuration is what gets scheduled).
 */
public final class HardwareCheck {

    private HardwareCheck() {
    }

    /** @return the drain reason, or empty when the node has at least what is configured */
    public static Optional<String> shortfall(NodeConfig config, NodeRegistration registration) {
        var hw = registration.getHardware();
        long socketsCoresThreads = (long) hw.getSockets() * hw.getCoresPerSocket() * hw.getThreadsPerCore();
        long configured = (long) config.sockets() * config.coresPerSocket() * config.threadsPerCore();
        if (hw.getCpus() < config.cpus()) {
            return Optional.of("Low CPUs");
        }
        if (socketsCoresThreads < configured) {
            return Optional.of("Low socket*core*thread count");
        }
        if (hw.getRealMemoryMb() < config.realMemory().mebibytes()) {
            return Optional.of("Low RealMemory");
        }
        if (hw.getTmpDiskMb() < config.tmpDisk().mebibytes()) {
            return Optional.of("Low TmpDisk");
        }
        long gpus = config.gres().count("gpu");
        if (registration.getGpusCount() < gpus) {
            return Optional.of("gres/gpu count reported lower than configured (" + registration.getGpusCount()
                    + " < " + gpus + ")");
        }
        return Optional.empty();
    }
}
