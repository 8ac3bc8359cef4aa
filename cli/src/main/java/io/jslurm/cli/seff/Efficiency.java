package io.jslurm.cli.seff;

import io.jslurm.protocol.proto.AcctJob;
import io.jslurm.protocol.proto.AcctStep;
import java.util.List;
import java.util.Locale;

/**
 * seff's report of one job: how much of the CPU time and memory it was given it used. CPU used is the
 * TotalCPU (user + system) of all its steps; memory used is the largest MaxRSS of a step. The CPU
 * time given is the wall-clock time times the allocated CPUs; the memory given is the request per node
 * times the nodes, or per CPU times the CPUs.
 */
final class Efficiency {

    private Efficiency() {
    }

    static String report(AcctJob job, List<AcctStep> steps, long now, GroupNames groups) {
        StringBuilder out = new StringBuilder();
        boolean running = job.getState().equals("RUNNING") || job.getState().equals("PENDING");
        out.append("Job ID: ").append(Integer.toUnsignedString(job.getJobId())).append('\n');
        if (job.hasArrayTaskId()) {
            out.append("Array Job ID: ").append(Integer.toUnsignedString(job.getArrayJobId())).append('_')
                    .append(Integer.toUnsignedString(job.getArrayTaskId())).append('\n');
        }
        out.append("Cluster: ").append(job.getCluster()).append('\n');
        String group = job.getGroupName().isEmpty() ? groups.of(Integer.toUnsignedLong(job.getGid())) : job.getGroupName();
        out.append("User/Group: ").append(job.getUserName()).append('/').append(group).append('\n');
        out.append("State: ").append(job.getState());
        if (!running) {
            out.append(" (exit code ").append(job.getExitCode()).append(')');
        }
        out.append('\n');
        long cpus = Integer.toUnsignedLong(job.getAllocCpus());
        long nodes = Math.max(1, Integer.toUnsignedLong(job.getAllocNodes()));
        if (cpus == 1) {
            out.append("Cores: 1\n");
        } else {
            out.append("Nodes: ").append(nodes).append('\n');
            out.append("Cores per node: ").append(cpus / nodes).append('\n');
        }
        long wall = job.getStartTime() <= 0 ? 0
                : Math.max(0, (job.getEndTime() > 0 ? job.getEndTime() : now) - job.getStartTime());
        long cpuMicros = steps.stream().mapToLong(s -> s.getUserCpuMicros() + s.getSystemCpuMicros()).sum();
        long cpuSeconds = cpuMicros / 1_000_000;
        long coreWall = wall * cpus;
        out.append("CPU Utilized: ").append(duration(cpuSeconds)).append('\n');
        out.append(String.format(Locale.ROOT, "CPU Efficiency: %.2f%% of %s core-walltime%n",
                coreWall == 0 ? 0.0 : 100.0 * cpuMicros / 1_000_000.0 / coreWall, duration(coreWall)));
        out.append("Job Wall-clock time: ").append(duration(wall)).append('\n');
        long usedKb = steps.stream().mapToLong(AcctStep::getMaxRssBytes).max().orElse(0) / 1024;
        out.append("Memory Utilized: ").append(kibibytes(usedKb)).append('\n');
        long perUnitKb = job.hasReqMemMb() ? job.getReqMemMb() * 1024 : 0;
        long givenKb = perUnitKb * (job.getMemPerCpu() ? cpus : nodes);
        out.append(String.format(Locale.ROOT, "Memory Efficiency: %.2f%% of %s", givenKb == 0 ? 0.0
                : 100.0 * usedKb / givenKb, kibibytes(givenKb)));
        if (givenKb > 0) {
            out.append(" (").append(kibibytes(perUnitKb)).append(job.getMemPerCpu() ? "/core)" : "/node)");
        }
        out.append('\n');
        if (job.getState().equals("RUNNING")) {
            out.append("WARNING: Efficiency statistics may be misleading for RUNNING jobs.\n");
        }
        return out.toString();
    }

    /** [D-]HH:MM:SS. */
    static String duration(long seconds) {
        long days = seconds / 86_400;
        long rest = seconds % 86_400;
        String clock = String.format(Locale.ROOT, "%02d:%02d:%02d", rest / 3_600, rest % 3_600 / 60, rest % 60);
        return days > 0 ? days + "-" + clock : clock;
    }

    /** Kibibytes in the largest unit that keeps the number at 1 or more: {@code 102.99 MB}, {@code 80.00 GB}. */
    static String kibibytes(long kb) {
        if (kb == 0) {
            return "0.00 MB";
        }
        String[] units = {"KB", "MB", "GB", "TB", "PB", "EB"};
        double value = kb;
        int unit = 0;
        while (value >= 1024 && unit < units.length - 1) {
            value /= 1024;
            unit++;
        }
        return String.format(Locale.ROOT, "%.2f %s", value, units[unit]);
    }
}
