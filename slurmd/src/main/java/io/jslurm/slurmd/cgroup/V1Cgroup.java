package io.jslurm.slurmd.cgroup;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** A cgroup on v1: the same relative path in each controller's hierarchy. */
final class V1Cgroup extends FileCgroup {
    private static final Logger LOG = LoggerFactory.getLogger(V1Cgroup.class);
    /** cpuacct.stat counts USER_HZ ticks, 100 per second on every Linux architecture. */
    private static final long USER_HZ_NANOS = 10_000_000L;

    private final Map<V1Controller, Path> dirs;

    V1Cgroup(String path, Map<V1Controller, Path> dirs, Object treeLock) {
        super(path, treeLock);
        this.dirs = Map.copyOf(new EnumMap<>(dirs));
    }

    @Override
    public CgroupVersion version() {
        return CgroupVersion.V1;
    }

    @Override
    List<Path> directories() {
        return dirs.values().stream().distinct().sorted().toList();
    }

    private Optional<Path> dir(V1Controller controller) {
        return Optional.ofNullable(dirs.get(controller));
    }

    private Path requireDir(V1Controller controller, String forWhat) {
        return dir(controller).orElseThrow(() -> new CgroupException(
                "cannot " + forWhat + " for cgroup " + path() + ": the " + controller.mountName()
                        + " controller is not mounted"));
    }

    @Override
    boolean canFreeze() {
        return dirs.containsKey(V1Controller.FREEZER);
    }

    @Override
    void writeFreeze(boolean frozen) {
        CgroupFiles.write(requireDir(V1Controller.FREEZER, "freeze").resolve("freezer.state"),
                frozen ? "FROZEN" : "THAWED");
    }

    @Override
    public boolean isFrozen() {
        return dir(V1Controller.FREEZER)
                .flatMap(d -> CgroupFiles.read(d.resolve("freezer.state")))
                .map("FROZEN"::equals).orElse(false);
    }

    @Override
    public void applyLimits(CgroupLimits limits) {
        if (limits.cpus().isPresent() || limits.mems().isPresent()) {
            Path cpuset = requireDir(V1Controller.CPUSET, "confine CPUs");
            limits.mems().ifPresent(mems -> CgroupFiles.write(cpuset.resolve("cpuset.mems"), mems.toString()));
            limits.cpus().ifPresent(cpus -> CgroupFiles.write(cpuset.resolve("cpuset.cpus"), cpus.toString()));
        }
        if (limits.ramBytes().isPresent()) {
            applyMemory(requireDir(V1Controller.MEMORY, "limit memory"), limits.ramBytes().getAsLong(),
                    limits.swapBytes());
        }
        limits.pidsMax().ifPresent(max -> CgroupFiles.write(
                requireDir(V1Controller.PIDS, "limit processes").resolve("pids.max"), Long.toString(max)));
        if (!limits.deniedDevices().isEmpty()) {
            Path devices = requireDir(V1Controller.DEVICES, "confine devices");
            for (DeviceRule rule : limits.deniedDevices()) {
                CgroupFiles.write(devices.resolve("devices.deny"), rule.toString());
            }
        }
        LOG.debug("cgroup {} limits: {}", path(), limits);
    }

    /**
     * RAM plus swap may never be set below RAM, so the combined limit is first lifted, then RAM
     * set, then the combined limit lowered to what was asked.
     */
    private void applyMemory(Path memory, long ramBytes, OptionalLong swapBytes) {
        Path memsw = memory.resolve("memory.memsw.limit_in_bytes");
        boolean swapAccounting = Files.exists(memsw);
        if (swapAccounting) {
            CgroupFiles.write(memsw, "-1");
        }
        CgroupFiles.write(memory.resolve("memory.limit_in_bytes"), Long.toString(ramBytes));
        if (swapBytes.isPresent()) {
            if (swapAccounting) {
                CgroupFiles.write(memsw, Long.toString(ramBytes + swapBytes.getAsLong()));
            } else {
                LOG.warn("cgroup {}: swap cannot be limited, the kernel does not account swap (swapaccount=0)",
                        path());
            }
        }
    }

    @Override
    public CgroupUsage usage() {
        Duration user = Duration.ZERO;
        Duration system = Duration.ZERO;
        Optional<Path> cpuacct = dir(V1Controller.CPUACCT);
        if (cpuacct.isPresent()) {
            OptionalLong userNanos = CgroupFiles.readLong(cpuacct.get().resolve("cpuacct.usage_user"));
            OptionalLong systemNanos = CgroupFiles.readLong(cpuacct.get().resolve("cpuacct.usage_sys"));
            if (userNanos.isPresent() && systemNanos.isPresent()) {
                user = Duration.ofNanos(userNanos.getAsLong());
                system = Duration.ofNanos(systemNanos.getAsLong());
            } else {
                Map<String, Long> ticks = CgroupFiles.readKeyed(cpuacct.get().resolve("cpuacct.stat"));
                user = Duration.ofNanos(ticks.getOrDefault("user", 0L) * USER_HZ_NANOS);
                system = Duration.ofNanos(ticks.getOrDefault("system", 0L) * USER_HZ_NANOS);
            }
        }
        Optional<Path> memory = dir(V1Controller.MEMORY);
        OptionalLong current = memory.map(m -> CgroupFiles.readLong(m.resolve("memory.usage_in_bytes")))
                .orElse(OptionalLong.empty());
        OptionalLong peak = memory.map(m -> CgroupFiles.readLong(m.resolve("memory.max_usage_in_bytes")))
                .orElse(OptionalLong.empty());
        long oomKills = memory.map(V1Cgroup::oomKillsBelow).orElse(0L);
        OptionalLong limitHits = memory.map(V1Cgroup::limitHits).orElse(OptionalLong.empty());
        Optional<long[]> io = dir(V1Controller.BLKIO).map(V1Cgroup::readBlkio);
        return new CgroupUsage(user, system, current, peak, oomKills, limitHits,
                io.map(bytes -> OptionalLong.of(bytes[0])).orElse(OptionalLong.empty()),
                io.map(bytes -> OptionalLong.of(bytes[1])).orElse(OptionalLong.empty()));
    }

    /** The memory hierarchy's kill counts only: a job's end asks this of its batch step besides the job's usage. */
    @Override
    public boolean oomKilled() {
        return dir(V1Controller.MEMORY).map(V1Cgroup::oomKillsBelow).orElse(0L) > 0;
    }

    /**
     * A charge is refused by the RAM-plus-swap counter or by the RAM counter, and only the one
     * refusing counts it, so hits are the sum of both.
     */
    private static OptionalLong limitHits(Path memory) {
        OptionalLong ram = CgroupFiles.readLong(memory.resolve("memory.failcnt"));
        OptionalLong ramAndSwap = CgroupFiles.readLong(memory.resolve("memory.memsw.failcnt"));
        return ram.isEmpty() ? ram : OptionalLong.of(ram.getAsLong() + ramAndSwap.orElse(0));
    }

    /**
     * v1 counts an OOM kill only in the cgroup of the process killed, which is a step when a job's
     * limit was hit, so the job's count is the sum over its tree.
     */
    private static long oomKillsBelow(Path memory) {
        long kills = 0;
        List<Path> tree = new ArrayList<>(CgroupFiles.descendantsDeepestFirst(memory));
        tree.add(memory);
        for (Path dir : tree) {
            kills += CgroupFiles.readKeyed(dir.resolve("memory.oom_control")).getOrDefault("oom_kill", 0L);
        }
        return kills;
    }

    /** Bytes read and written, summed over devices, from lines like {@code 8:0 Read 4096}. */
    private static long[] readBlkio(Path blkio) {
        long[] bytes = new long[2];
        CgroupFiles.read(blkio.resolve("blkio.throttle.io_service_bytes_recursive")).ifPresent(text ->
                text.lines().map(line -> line.strip().split("\\s+")).filter(parts -> parts.length == 3)
                        .forEach(parts -> {
                            long value = Long.parseLong(parts[2]);
                            if (parts[1].equals("Read")) {
                                bytes[0] += value;
                            } else if (parts[1].equals("Write")) {
                                bytes[1] += value;
                            }
                        }));
        return bytes;
    }
}
