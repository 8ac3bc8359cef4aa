package io.jslurm.slurmd.hw;

import io.jslurm.common.cpu.IdSet;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads the CPU topology from sysfs ({@code /sys/devices/system/cpu/cpuN/topology}) for the online
 * CPUs, and falls back to the {@code physical id}/{@code core id} fields of {@code /proc/cpuinfo}
 * where sysfs has no topology (some containers and old kernels). NUMA membership comes from
 * {@code /sys/devices/system/node/nodeN/cpulist}.
 */
public final class CpuTopologyReader {
    private static final String CPU_DIR = "sys/devices/system/cpu";
    private static final String NODE_DIR = "sys/devices/system/node";
    private static final Pattern NODE_NAME = Pattern.compile("node(\\d+)");
    private static final Pattern CPUINFO_FIELD = Pattern.compile("^([^:]+?)\\s*:\\s*(.*)$");

    private final HostFiles files;

    public CpuTopologyReader(HostFiles files) {
        this.files = Objects.requireNonNull(files, "files");
    }

    public CpuTopology read() {
        Map<Integer, Integer> numa = numaNodeByCpu();
        IdSet online = files.readOptional(CPU_DIR + "/online").map(IdSet::parse).orElse(IdSet.empty());
        if (!online.isEmpty() && files.exists(CPU_DIR + "/cpu" + online.stream().findFirst().getAsInt() + "/topology/core_id")) {
            return fromSysfs(online, numa);
        }
        return fromCpuinfo(numa);
    }

    private CpuTopology fromSysfs(IdSet online, Map<Integer, Integer> numa) {
        List<LogicalCpu> cpus = new ArrayList<>();
        online.stream().forEach(id -> {
            String topology = CPU_DIR + "/cpu" + id + "/topology/";
            // Some platforms report package -1 when firmware does not say; one package is the honest reading.
            int packageId = Math.max(0, files.readInt(topology + "physical_package_id"));
            int coreId = Math.max(0, files.readInt(topology + "core_id"));
            cpus.add(new LogicalCpu(id, packageId, coreId, numa.getOrDefault(id, 0)));
        });
        return new CpuTopology(cpus);
    }

    private CpuTopology fromCpuinfo(Map<Integer, Integer> numa) {
        List<LogicalCpu> cpus = new ArrayList<>();
        Map<String, String> block = new HashMap<>();
        for (String line : files.readLines("proc/cpuinfo")) {
            if (line.isBlank()) {
                addCpuinfoBlock(block, numa, cpus);
                block.clear();
                continue;
            }
            Matcher m = CPUINFO_FIELD.matcher(line);
            if (m.matches()) {
                block.put(m.group(1).strip(), m.group(2).strip());
            }
        }
        addCpuinfoBlock(block, numa, cpus);
        if (cpus.isEmpty()) {
            throw new HardwareException(files.resolve("proc/cpuinfo") + " lists no processor");
        }
        return new CpuTopology(cpus);
    }

    private void addCpuinfoBlock(Map<String, String> block, Map<Integer, Integer> numa, List<LogicalCpu> cpus) {
        String processor = block.get("processor");
        if (processor == null || !processor.matches("\\d+")) {
            return; // header blocks (some architectures) carry no processor number
        }
        int id = Integer.parseInt(processor);
        int packageId = cpuinfoNumber(block, "physical id", 0);
        // Without a core id every CPU is its own core, which is what such kernels mean.
        int coreId = cpuinfoNumber(block, "core id", id);
        cpus.add(new LogicalCpu(id, packageId, coreId, numa.getOrDefault(id, 0)));
    }

    private int cpuinfoNumber(Map<String, String> block, String field, int fallback) {
        String value = block.get(field);
        if (value == null) {
            return fallback;
        }
        try {
            return Integer.parseInt(value);
        } catch (NumberFormatException e) {
            throw new HardwareException(files.resolve("proc/cpuinfo") + ": '" + field + "' is '" + value + "', not a number", e);
        }
    }

    private Map<Integer, Integer> numaNodeByCpu() {
        Map<Integer, Integer> byCpu = new HashMap<>();
        for (String name : files.list(NODE_DIR)) {
            Matcher m = NODE_NAME.matcher(name);
            if (!m.matches()) {
                continue;
            }
            int node = Integer.parseInt(m.group(1));
            files.readOptional(NODE_DIR + "/" + name + "/cpulist")
                    .map(IdSet::parse)
                    .ifPresent(set -> set.stream().forEach(cpu -> byCpu.put(cpu, node)));
        }
        return byCpu;
    }
}
