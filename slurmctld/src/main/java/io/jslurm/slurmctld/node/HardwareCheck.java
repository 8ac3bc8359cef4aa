package io.jslurm.slurmctld.node;

import io.jslurm.conf.slurm.NodeConfig;
import io.jslurm.protocol.proto.NodeRegistration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * Compares what a registering slurmd found with what slurm.conf promises. Having less than configured drains
 * the node, with the reason Slurm gives; having more is fine (the configuration is what gets scheduled).
 */
public final class HardwareCheck {

    private HardwareCheck() {
    }

    /**
     * Slurm registers a node whose memory is at least this share of RealMemory (its node_reg_mem_percent
     * default for nodes that are not cloud nodes), and names the share in the reason.
     */
    private static final double REG_MEM_PERCENT = 100.0;

    /**
     * @return the drain reason, or empty when the node has at least what is configured. Every shortfall is named,
     *     joined by ", " in Slurm's order, so that one look at the reason says all that must change.
     */
    public static Optional<String> shortfall(NodeConfig config, NodeRegistration registration) {
        var hw = registration.getHardware();
        long socketsCoresThreads = (long) hw.getSockets() * hw.getCoresPerSocket() * hw.getThreadsPerCore();
        long configured = (long) config.sockets() * config.coresPerSocket() * config.threadsPerCore();
        List<String> reasons = new ArrayList<>();
        if (socketsCoresThreads < configured) {
            reasons.add("Low socket*core*thread count");
        }
        if (hw.getCpus() < config.cpus()) {
            reasons.add("Low CPUs");
        }
        long realMemory = config.realMemory().mebibytes();
        if (realMemory > 0 && hw.getRealMemoryMb() * 100.0 / realMemory < REG_MEM_PERCENT) {
            reasons.add(String.format(Locale.ROOT, "Low RealMemory (reported:%d < %.2f%% of configured:%d)",
                    hw.getRealMemoryMb(), REG_MEM_PERCENT, realMemory));
        }
        if (hw.getTmpDiskMb() < config.tmpDisk().mebibytes()) {
            reasons.add("Low TmpDisk");
        }
        if (!reasons.isEmpty()) {
            return Optional.of(String.join(", ", reasons));
        }
        long gpus = config.gres().count("gpu");
        if (registration.getGpusCount() < gpus) {
            return Optional.of("gres/gpu count reported lower than configured (" + registration.getGpusCount()
                    + " < " + gpus + ")");
        }
        return Optional.empty();
    }
}
