package io.jslurm.slurmd.launch;

import io.jslurm.slurmd.cgroup.Cgroup;
import io.jslurm.slurmd.cgroup.CgroupVersion;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * How slurmd starts a step's task (and TaskProlog/TaskEpilog) confined and as the job's user. Where the step's
 * cgroup is joined by writing {@code cgroup.procs} files and the system call numbers are known, one program,
 * {@code task_exec.pl} (its header says what it does), joins, takes the user's ids and execs the task; otherwise
 * the chain of the cgroup's joining shell, {@code setpriv} and the task, which costs two program starts more.
 * Either way the process slurmd starts keeps its pid and standard streams through to the task, except on cgroup v2:
 * there the launcher creates the task in the step's cgroup with clone3 (sparing the kernel's grace-period wait of a
 * {@code cgroup.procs} write, docs/cgroups.md) and stays as its parent, outside the cgroup, ending as the task ended.
 * slurmd reads the same exit status either way and reaches the task's processes through the cgroup.
 */
public final class TaskExec {
    private static final String RESOURCE = "task_exec.pl";

    private final Optional<Path> script;
    private final Optional<IdentitySyscalls> syscalls;

    private TaskExec(Optional<Path> script, Optional<IdentitySyscalls> syscalls) {
        this.script = Objects.requireNonNull(script, "script");
        this.syscalls = Objects.requireNonNull(syscalls, "syscalls");
    }

    /** Copies the launcher into SlurmdSpoolDir; it is used wherever it can be. */
    public static TaskExec install(Path spoolDir) throws IOException {
        return new TaskExec(Optional.of(SpoolScript.install(spoolDir, RESOURCE)), IdentitySyscalls.ofThisMachine());
    }

    /** Whether the launchers know this architecture's system calls, clone3 among them. */
    public static boolean knowsSystemCalls() {
        return IdentitySyscalls.ofThisMachine().isPresent();
    }

    /** The joining shell and setpriv always (no launcher installed). */
    public static TaskExec shellChain() {
        return new TaskExec(Optional.empty(), Optional.empty());
    }

    /** Runs {@code argv} (its first word looked up in the task's PATH) in {@code cgroup} as {@code user}. */
    public List<String> command(Cgroup cgroup, JobUser user, List<Integer> groups, List<String> argv) {
        List<String> become = UserSwitch.prefix(user, groups);
        Optional<List<Path>> procs = cgroup.procsFiles();
        if (script.isEmpty() || procs.isEmpty() || (!become.isEmpty() && syscalls.isEmpty())) {
            List<String> chain = new ArrayList<>(become);
            chain.addAll(argv);
            return cgroup.joinAndExec(chain);
        }
        List<String> command = new ArrayList<>(List.of(JobWrapper.PERL, script.get().toString()));
        for (Path file : procs.get()) {
            command.add("--join");
            command.add(file.toString());
        }
        if (cgroup.version() == CgroupVersion.V2 && procs.get().size() == 1 && syscalls.isPresent()) {
            command.add("--clone3");
            command.add(Integer.toString(syscalls.get().clone3()));
        }
        if (!become.isEmpty()) {
            IdentitySyscalls calls = syscalls.get();
            command.add("--become");
            command.add(calls.setgroups() + "," + calls.setresgid() + "," + calls.setresuid());
            command.add(Integer.toString(user.uid()));
            command.add(Integer.toString(user.gid()));
            command.add(groups.stream().map(String::valueOf).collect(Collectors.joining(",")));
        }
        command.add("--");
        command.addAll(argv);
        return command;
    }
}
