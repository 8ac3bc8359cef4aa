package io.jslurm.cli.submit;

import java.io.FileInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;

/**
 * The session id ({@code getsid(0)}) of this command, which Slurm keeps with a job as the {@code Sid} of
 * {@code AllocNode:Sid}. Java has no getsid; Linux shows it as the sixth field of {@code /proc/self/stat}.
 */
public final class SessionId {

    private SessionId() {
    }

    /** This process's session id, 0 (Slurm's "unknown") where /proc cannot tell. */
    public static int current() {
        try (InputStream in = new FileInputStream("/proc/self/stat")) {
            return fromStat(new String(in.readAllBytes(), StandardCharsets.US_ASCII));
        } catch (IOException notLinux) {
            return 0;
        }
    }

    /**
     * The session field of a {@code /proc/<pid>/stat} line. The command name (field 2) is in parentheses and may
     * itself hold spaces and parentheses, so the fields are counted from the last ')'.
     */
    static int fromStat(String stat) {
        int close = stat.lastIndexOf(')');
        if (close < 0) {
            return 0;
        }
        // After the name: state, ppid, pgrp, session.
        String[] rest = stat.substring(close + 1).trim().split(" ");
        if (rest.length < 4) {
            return 0;
        }
        try {
            return Math.max(0, Integer.parseInt(rest[3]));
        } catch (NumberFormatException garbled) {
            return 0;
        }
    }
}
