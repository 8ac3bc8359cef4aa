package io.jslurm.slurmd.launch;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Collectors;

/**
 * The {@code setpriv} prefix that makes a process the job's user with exactly the given groups.
 * A slurmd that is not root (an ordinary user's {@code slurm-local}) can only run its own user's
 * jobs and cannot switch or set groups at all, so for them the prefix is empty.
 */
public final class UserSwitch {
    static final String SETPRIV = "/usr/bin/setpriv";

    private UserSwitch() {
    }

    public static List<String> prefix(JobUser user, List<Integer> groups) {
        return prefix(Self.UID, user, groups);
    }

    /**
     * slurmd's own effective uid, read once: a process's identity does not change under it, and reading and
     * parsing /proc/self/status at every launch was a measurable share of slurmd's CPU per job.
     */
    private static final class Self {
        static final int UID = effectiveUid();
    }

    static List<String> prefix(int selfUid, JobUser user, List<Integer> groups) {
        if (selfUid != 0 && selfUid == user.uid()) {
            return List.of();
        }
        return List.of(SETPRIV, "--reuid=" + user.uid(), "--regid=" + user.gid(),
                groups.isEmpty() ? "--clear-groups"
                        : "--groups=" + groups.stream().map(String::valueOf).collect(Collectors.joining(",")),
                "--");
    }

    /** This process's effective uid, from the "Uid:" line of /proc/self/status (real, effective, saved, fs). */
    public static int effectiveUid() {
        try {
            for (String line : Files.readAllLines(Path.of("/proc/self/status"))) {
                if (line.startsWith("Uid:")) {
                    return Integer.parseInt(line.substring(4).trim().split("\\s+")[1]);
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        throw new IllegalStateException("/proc/self/status has no Uid line");
    }
}
