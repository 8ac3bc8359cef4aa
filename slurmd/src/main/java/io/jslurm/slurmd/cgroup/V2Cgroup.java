package io.jslurm.slurmd.cgroup;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A cgroup on the unified (v2) hierarchy. Devices have no interface file on v2; they are confined by
 * an eBPF program attached to the cgroup ({@link BpfDeviceFilter}).
 */
final class V2Cgroup extends FileCgroup {
    private static final Logger LOG = LoggerFactory.getLogger(V2Cgroup.class);

    private final Path dir;
    private final BpfDeviceFilter deviceFilter;

    V2Cgroup(String path, Path dir, BpfDeviceFilter deviceFilter, Object treeLock) {
        super(path, treeLock);
        this.dir = dir;
        this.deviceFilter = deviceFilter;
    }

    @Override
    public CgroupVersion version() {
        return CgroupVersion.V2;
    }

    @Override
    List<Path> directories() {
        return List.of(dir);
    }

    @Override
    boolean canFreeze() {
        return Files.exists(dir.resolve("cgroup.freeze"));
    }

    @Override
    void writeFreeze(boolean frozen) {
        CgroupFiles.write(dir.resolve("cgroup.freeze"), frozen ? "1" : "0");
    }

    @Override
    public boolean isFrozen() {
        return events().getOrDefault("frozen", 0L) == 1;
    }

    /** {@code populated} in cgroup.events covers the cgroups below too, without walking them. */
    @Override
    public boolean isEmpty() {
        Map<String, Long> events = events();
        return events.containsKey("populated") ? events.get("populated") == 0 : super.isEmpty();
    }

    private Map<String, Long> events() {
        return CgroupFiles.readKeyed(dir.resolve("cgroup.events"));
    }

    /**
     * {@code cgroup.kill} (Linux 5.14) kills the whole subtree atomically, forks in flight and
     * frozen processes included.
     */
    @Override
    void sendKill() {
        Path killFile = dir.resolve("cgroup.kill");
        if (Files.exists(killFile)) {
            CgroupFiles.write(killFile, "1");
            LOG.info("killed cgroup {} through cgroup.kill", path());
        } else {
            super.sendKill();
        }
    }

    @Override
    public void applyLimits(CgroupLimits limits) {
        limits.mems().ifPresent(mems -> CgroupFiles.write(dir.resolve("cpuset.mems"), mems.toString()));
        limits.cpus().ifPresent(cpus -> CgroupFiles.write(dir.resolve("cpuset.cpus"), cpus.toString()));
        limits.ramBytes().ifPresent(ram -> CgroupFiles.write(dir.resolve("memory.max"), Long.toString(ram)));
        limits.swapBytes().ifPresent(swap -> CgroupFiles.write(dir.resolve("memory.swap.max"), Long.toString(swap)));
        limits.pidsMax().ifPresent(max -> CgroupFiles.write(dir.resolve("pids.max"), Long.toString(max)));
        if (!limits.deniedDevices().isEmpty()) {
            deviceFilter.deny(dir, limits.deniedDevices());
        }
        LOG.debug("cgroup {} limits: {}", path(), limits);
    }

    @Override
    public CgroupUsage usage() {
        Map<String, Long> cpu = CgroupFiles.readKeyed(dir.resolve("cpu.stat"));
        Map<String, Long> memoryEvents = CgroupFiles.readKeyed(dir.resolve("memory.events"));
        long[] io = readIoStat();
        boolean hasIo = Files.exists(dir.resolve("io.stat"));
        return new CgroupUsage(
                Duration.ofNanos(cpu.getOrDefault("user_usec", 0L) * 1000),
                Duration.ofNanos(cpu.getOrDefault("system_usec", 0L) * 1000),
                CgroupFiles.readLong(dir.resolve("memory.current")),
                CgroupFiles.readLong(dir.resolve("memory.peak")),
                memoryEvents.getOrDefault("oom_kill", 0L),
                memoryEvents.containsKey("max") ? OptionalLong.of(memoryEvents.get("max")) : OptionalLong.empty(),
                hasIo ? OptionalLong.of(io[0]) : OptionalLong.empty(),
                hasIo ? OptionalLong.of(io[1]) : OptionalLong.empty());
    }

    @Override
    public boolean oomKilled() {
        return CgroupFiles.readKeyed(dir.resolve("memory.events")).getOrDefault("oom_kill", 0L) > 0;
    }

    /** Bytes read and written, summed over devices, from lines like {@code 8:0 rbytes=4096 wbytes=0 ...}. */
    private long[] readIoStat() {
        long[] bytes = new long[2];
        CgroupFiles.read(dir.resolve("io.stat")).ifPresent(text -> text.lines().forEach(line -> {
            for (String field : line.strip().split("\\s+")) {
                if (field.startsWith("rbytes=")) {
                    bytes[0] += Long.parseLong(field.substring("rbytes=".length()));
                } else if (field.startsWith("wbytes=")) {
                    bytes[1] += Long.parseLong(field.substring("wbytes=".length()));
                }
            }
        }));
        return bytes;
    }
}
