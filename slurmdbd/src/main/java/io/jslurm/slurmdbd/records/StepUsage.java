package io.jslurm.slurmdbd.records;

import java.time.Duration;
import java.util.Objects;

/**
 * A step's resource usage as gathered on its nodes: CPU time (TotalCPU is user + system), memory
 * high-water marks in bytes, disk bytes read and written, and the full TRES usage strings.
 */
public record StepUsage(Duration userCpu, Duration systemCpu, long maxRss, long aveRss, long maxVmSize,
                        long diskRead, long diskWrite, String tresUsageInMax, String tresUsageInAve,
                        String tresUsageInTot, String tresUsageOutMax, String tresUsageOutTot) {

    public static final StepUsage NONE = new StepUsage(Duration.ZERO, Duration.ZERO, 0, 0, 0, 0, 0, "", "", "", "", "");

    public StepUsage {
        Objects.requireNonNull(userCpu, "userCpu");
        Objects.requireNonNull(systemCpu, "systemCpu");
        Objects.requireNonNull(tresUsageInMax, "tresUsageInMax");
        Objects.requireNonNull(tresUsageInAve, "tresUsageInAve");
        Objects.requireNonNull(tresUsageInTot, "tresUsageInTot");
        Objects.requireNonNull(tresUsageOutMax, "tresUsageOutMax");
        Objects.requireNonNull(tresUsageOutTot, "tresUsageOutTot");
        if (userCpu.isNegative() || systemCpu.isNegative() || maxRss < 0 || aveRss < 0 || maxVmSize < 0
                || diskRead < 0 || diskWrite < 0) {
            throw new IllegalArgumentException("negative usage");
        }
    }

    public Duration totalCpu() {
        return userCpu.plus(systemCpu);
    }
}
