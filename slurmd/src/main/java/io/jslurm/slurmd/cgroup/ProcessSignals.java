package io.jslurm.slurmd.cgroup;

import com.sun.jna.Native;
import java.nio.file.Path;
import java.util.Optional;

/**
 * Signals a process found by id only while that id still belongs to it. The process is pinned with a pidfd
 * (Linux 5.3 and later) before its start time is checked, so the signal cannot reach a process that took the id
 * after the check; where pidfds are missing the check runs just before kill(2), leaving the short window between
 * the two.
 */
final class ProcessSignals {
    /** pidfd_open(2) and pidfd_send_signal(2): the same numbers on every architecture since Linux 5.1. */
    private static final long SYS_PIDFD_SEND_SIGNAL = 424;
    private static final long SYS_PIDFD_OPEN = 434;
    private static final int ENOSYS = 38;

    private ProcessSignals() {
    }

    /**
     * @param startTime the process's start time when it was found (field 22 of its stat line)
     * @param owner     what the process belongs to, for the error message
     * @return whether the signal was sent; false when the process is gone or its id belongs to another now
     */
    static boolean signalIfSame(Path proc, long pid, long startTime, int signal, String owner) {
        LibC libc = LibC.load();
        long pidfd = libc.syscall(SYS_PIDFD_OPEN, (int) pid, 0);
        if (pidfd < 0) {
            int errno = Native.getLastError();
            if (errno == LibC.ESRCH) {
                return false;
            }
            if (errno != ENOSYS) {
                throw failure(pid, signal, owner, errno);
            }
            return same(proc, pid, startTime) && kill(libc, pid, signal, owner);
        }
        try {
            if (!same(proc, pid, startTime)) {
                return false;
            }
            if (libc.syscall(SYS_PIDFD_SEND_SIGNAL, (int) pidfd, signal, null, 0) != 0) {
                int errno = Native.getLastError();
                if (errno == LibC.ESRCH) {
                    return false;
                }
                throw failure(pid, signal, owner, errno);
            }
            return true;
        } finally {
            libc.close((int) pidfd);
        }
    }

    private static boolean same(Path proc, long pid, long startTime) {
        Optional<ProcTable.Entry> now = ProcTable.of(proc, pid);
        return now.isPresent() && now.get().startTime() == startTime;
    }

    private static boolean kill(LibC libc, long pid, int signal, String owner) {
        if (libc.kill((int) pid, signal) != 0) {
            int errno = Native.getLastError();
            if (errno == LibC.ESRCH) {
                return false;
            }
            throw failure(pid, signal, owner, errno);
        }
        return true;
    }

    private static CgroupException failure(long pid, int signal, String owner, int errno) {
        return new CgroupException("cannot send signal " + signal + " to process " + pid + " of " + owner + ": "
                + LibC.errorText(errno));
    }
}
