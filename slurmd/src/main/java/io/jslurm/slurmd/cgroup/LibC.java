package io.jslurm.slurmd.cgroup;

import com.sun.jna.Library;
import com.sun.jna.Native;

/** The few C library calls cgroup work needs that Java lacks: arbitrary signals and the bpf system call. */
interface LibC extends Library {
    int O_RDONLY = 0;
    int O_DIRECTORY = 0200000;
    int O_CLOEXEC = 02000000;
    int ESRCH = 3;

    int kill(int pid, int signal);

    int open(String path, int flags);

    int close(int fd);

    long syscall(long number, Object... args);

    static LibC load() {
        return Holder.INSTANCE;
    }

    /**
     * Sends {@code signal} to each process; one that has already ended is skipped.
     *
     * @param owner what the processes belong to, for the error message
     */
    static void signalAll(Iterable<Long> pids, int signal, String owner) {
        LibC libc = load();
        for (long pid : pids) {
            if (libc.kill((int) pid, signal) != 0) {
                int errno = Native.getLastError();
                if (errno != ESRCH) {
                    throw new CgroupException("cannot send signal " + signal + " to process " + pid + " of "
                            + owner + ": " + errorText(errno));
                }
            }
        }
    }

    static String errorText(int errno) {
        return Holder.STRERROR.strerror(errno) + " (errno " + errno + ")";
    }

    /** strerror in its own binding so the main one stays free of char* returns. */
    interface StrError extends Library {
        String strerror(int errno);
    }

    /** Loaded on first use so classes that never signal work where JNA cannot load. */
    final class Holder {
        private static final LibC INSTANCE = Native.load("c", LibC.class);
        private static final StrError STRERROR = Native.load("c", StrError.class);

        private Holder() {
        }
    }
}
