package io.jslurm.slurmd;

import io.jslurm.slurmd.gpu.GpuDetection;
import io.jslurm.slurmd.gpu.GresSummary;
import io.jslurm.slurmd.hw.CpuTopology;
import io.jslurm.slurmd.hw.NodeHardware;
import java.util.Objects;

/**
 * What {@code slurmd -C} prints: the node line in slurm.conf syntax (with {@code Gres=} when NVML
 * found GPUs, followed by a line saying which autodetection found them), then {@code UpTime=}.
 * TmpDisk is detected but, as in Slurm, not part of this output.
 */
public final class NodeConfigLine {
    private NodeConfigLine() {
    }

    public static String format(NodeHardware node, GpuDetection gpus) {
        Objects.requireNonNull(node, "node");
        Objects.requireNonNull(gpus, "gpus");
        CpuTopology t = node.topology();
        StringBuilder out = new StringBuilder()
                .append("NodeName=").append(node.nodeName())
                .append(" CPUs=").append(t.cpuCount())
                .append(" Boards=").append(t.boards())
                .append(" SocketsPerBoard=").append(t.socketsPerBoard())
                .append(" CoresPerSocket=").append(t.coresPerSocket())
                .append(" ThreadsPerCore=").append(t.threadsPerCore())
                .append(" RealMemory=").append(node.realMemoryMiB());
        String gres = GresSummary.of(gpus.gpus());
        if (!gres.isEmpty()) {
            out.append(" Gres=").append(gres).append('\n')
                    .append("Found ").append(gres)
                    .append(" with Autodetect=nvml (Substring of gpu name may be used instead)");
        }
        out.append('\n').append("UpTime=").append(node.uptime().slurmFormat()).append('\n');
        return out.toString();
    }
}
