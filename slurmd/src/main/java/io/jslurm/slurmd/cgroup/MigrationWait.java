package io.jslurm.slurmd.cgroup;

import io.jslurm.slurmd.hw.HostFiles;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Whether moving a process into a cgroup makes the kernel wait for an RCU grace period, and what to tell the
 * operator. Writing a pid to any {@code cgroup.procs} (v1 or v2) takes the kernel's global thread-group lock for
 * writing; unless the cgroup hierarchy favours dynamic modifications ({@code favordynmods}, Linux 6.0+), that
 * waits for a grace period, 10-25 ms on an idle machine. On v1 every batch script and step task is moved so; on v2
 * they are created in their cgroups by clone3 where the kernel allows it, which does not wait. The kernel lists
 * the option in {@code /sys/kernel/cgroup/features} when it has it; a hierarchy that has it on shows it among its
 * mount options (the cgroup2 root after {@code mount -o remount,favordynmods}, and
 * every cgroup mount after booting with {@code cgroup_favordynmods=true}).
 */
public final class MigrationWait {
    private static final String OPTION = "favordynmods";
    private static final Set<String> CGROUP_TYPES = Set.of("cgroup", "cgroup2");
    private static final Pattern KERNEL_RELEASE = Pattern.compile("^(\\d+)\\.(\\d+)");

    private MigrationWait() {
    }

    /**
     * The warning for the log, from the texts of {@code /sys/kernel/cgroup/features} (empty where the file is
     * missing) and {@code /proc/mounts}; empty where there is no wait to remove: the kernel does not offer the
     * option, or a cgroup hierarchy already has it.
     */
    public static Optional<String> warning(String features, List<String> mounts) {
        if (features.lines().map(String::strip).noneMatch(OPTION::equals)) {
            return Optional.empty();
        }
        Optional<String> cgroup2Root = Optional.empty();
        for (String line : mounts) {
            String[] fields = line.strip().split("\\s+");
            if (fields.length < 4 || !CGROUP_TYPES.contains(fields[2])) {
                continue;
            }
            if (Arrays.asList(fields[3].split(",")).contains(OPTION)) {
                return Optional.empty();
            }
            if (fields[2].equals("cgroup2") && cgroup2Root.isEmpty()) {
                cgroup2Root = Optional.of(fields[1]);
            }
        }
        String remount = cgroup2Root.map(root -> "remount the cgroup2 root with it (mount -o remount,favordynmods "
                + root + ", keeping its other options), or ").orElse("");
        return Optional.of("cgroup: every launch that moves a process into a cgroup waits about 10-25 ms for an RCU"
                + " grace period in the kernel: the kernel offers favordynmods but no cgroup hierarchy has it on."
                + " To remove the wait, " + remount
                + "boot with cgroup_favordynmods=true (Linux 6.7+) or a kernel built with CONFIG_CGROUP_FAVOR_DYNMODS;"
                + " it makes fork and exit slightly slower (see docs/cgroups.md, \"Launch latency and favordynmods\")");
    }

    /**
     * Whether launches move processes into cgroups at all: on v1 always; on v2 only where the launchers cannot create
     * them there, which needs clone3's CLONE_INTO_CGROUP (Linux 5.7, {@code osRelease} as {@code uname -r} gives
     * it) and the system call numbers of this architecture ({@code clone3Known}).
     */
    public static boolean launchesMoveProcesses(CgroupVersion version, String osRelease, boolean clone3Known) {
        return switch (version) {
            case V1 -> true;
            case V2 -> !clone3Known || !atLeast(osRelease, 5, 7);
            case NONE -> false;
        };
    }

    private static boolean atLeast(String release, int major, int minor) {
        Matcher m = KERNEL_RELEASE.matcher(release.strip());
        if (!m.find()) {
            return false;
        }
        int haveMajor = Integer.parseInt(m.group(1));
        return haveMajor > major || haveMajor == major && Integer.parseInt(m.group(2)) >= minor;
    }

    /** {@link #warning} for this machine; empty where its files cannot be read (the check is advice only). */
    public static Optional<String> check(HostFiles host) {
        try {
            return warning(host.readOptional("sys/kernel/cgroup/features").orElse(""),
                    host.readOptional("proc/mounts").map(text -> text.lines().toList()).orElse(List.of()));
        } catch (RuntimeException e) {
            return Optional.empty();
        }
    }
}
