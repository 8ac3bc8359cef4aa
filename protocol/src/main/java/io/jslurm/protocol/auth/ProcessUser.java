package io.jslurm.protocol.auth;

import com.sun.security.auth.module.UnixSystem;
import java.io.FileInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;

/**
 * The real user and group ids of this process and the user's name, as {@link UnixSystem} gives them, read without
 * it where possible: its native library took 3-10 ms of a command's start-up on JDK 17. The ids come from the
 * first (real) field of {@code Uid:} and {@code Gid:} in {@code /proc/self/status}, the name from the JVM's
 * {@code user.name}, which the JVM took from the password entry of the same real uid at start-up;
 * {@link UnixSystem} answers where either is missing (no /proc, or no password entry: "?").
 */
public record ProcessUser(long uid, long gid, String name) {

    public static ProcessUser current() {
        String name = System.getProperty("user.name");
        long[] ids = realIds();
        if (ids == null || name == null || name.equals("?")) {
            UnixSystem unix = new UnixSystem();
            return new ProcessUser(unix.getUid(), unix.getGid(), unix.getUsername());
        }
        return new ProcessUser(ids[0], ids[1], name);
    }

    /** {real uid, real gid} from /proc/self/status, or null. */
    private static long[] realIds() {
        String status;
        try (InputStream in = new FileInputStream("/proc/self/status")) {
            status = new String(in.readAllBytes(), StandardCharsets.US_ASCII);
        } catch (IOException noProc) {
            return null;
        }
        long uid = firstField(status, "\nUid:");
        long gid = firstField(status, "\nGid:");
        return uid < 0 || gid < 0 ? null : new long[] {uid, gid};
    }

    private static long firstField(String status, String label) {
        int at = status.indexOf(label);
        if (at < 0) {
            return -1;
        }
        int i = at + label.length();
        while (i < status.length() && (status.charAt(i) == '\t' || status.charAt(i) == ' ')) {
            i++;
        }
        long value = 0;
        int start = i;
        while (i < status.length() && status.charAt(i) >= '0' && status.charAt(i) <= '9') {
            value = value * 10 + (status.charAt(i) - '0');
            i++;
        }
        return i == start ? -1 : value;
    }
}
