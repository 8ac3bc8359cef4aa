package io.jslurm.slurmctld;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * The system calls a process makes while a benchmark run lasts, counted by {@code perf stat} on the kernel's
 * tracepoints (no ptrace, so the process runs at its own speed). The count does not depend on the machine's
 * load the way CPU time does. Prints nothing where {@code perf} is missing or not allowed.
 */
final class SyscallCount {

    /** Socket reads and writes as Netty's epoll transport makes them, the journal's syncs, and all calls. */
    private static final List<String> EVENTS = List.of("raw_syscalls:sys_enter", "syscalls:sys_enter_read",
            "syscalls:sys_enter_recvfrom", "syscalls:sys_enter_write", "syscalls:sys_enter_writev",
            "syscalls:sys_enter_sendto", "syscalls:sys_enter_epoll_pwait2", "syscalls:sys_enter_epoll_wait",
            "syscalls:sys_enter_futex", "syscalls:sys_enter_fsync");

    private final Process perf;

    private SyscallCount(Process perf) {
        this.perf = perf;
    }

    /** Counts for {@code seconds} from now. */
    static SyscallCount start(long pid, int seconds) {
        try {
            return new SyscallCount(new ProcessBuilder("perf", "stat", "-x", ",", "-e", String.join(",", EVENTS), "-p",
                    Long.toString(pid), "--", "sleep", Integer.toString(seconds)).redirectErrorStream(true).start());
        } catch (IOException e) {
            return new SyscallCount(null);
        }
    }

    /** Prints each count divided by {@code submissions}. */
    void print(long submissions) throws InterruptedException, IOException {
        if (perf == null) {
            return;
        }
        perf.waitFor();
        StringBuilder line = new StringBuilder("FIGURE system calls per submission:");
        String output = new String(perf.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        for (String row : output.lines().toList()) {
            String[] fields = row.split(",");
            if (fields.length > 2 && fields[0].matches("[0-9]+")) {
                String name = fields[2].substring(fields[2].indexOf(':') + 1).replace("sys_enter_", "");
                line.append(String.format(" %s %.3f", name.equals("sys_enter") ? "all" : name,
                        Long.parseLong(fields[0]) / (double) Math.max(1, submissions)));
            }
        }
        System.out.println(line);
    }
}
