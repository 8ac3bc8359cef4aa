package io.jslurm.slurmd.launch;

import io.jslurm.slurmd.cgroup.Cgroup;
import io.jslurm.slurmd.cgroup.CgroupVersion;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * The root helper that starts each batch script and outlives slurmd ({@code job_wrapper.pl},
 * whose header explains what it does and why). It is copied into SlurmdSpoolDir when the runner
 * starts so that running jobs never depend on the daemon's jar.
 */
final class JobWrapper {
    static final String PERL = "/usr/bin/perl";
    static final String SETPRIV = UserSwitch.SETPRIV;
    static final String SETSID = "/usr/bin/setsid";
    private static final String RESOURCE = "job_wrapper.pl";

    private final Path script;
    private final Optional<IdentitySyscalls> syscalls;

    private JobWrapper(Path script, Optional<IdentitySyscalls> syscalls) {
        this.script = script;
        this.syscalls = syscalls;
    }

    static JobWrapper install(Path spoolDir) throws IOException {
        return new JobWrapper(SpoolScript.install(spoolDir, RESOURCE), IdentitySyscalls.ofThisMachine());
    }

    /**
     * A new session, then {@code setpriv} for the user with exactly these groups (unless slurmd
     * already is that user, see {@link UserSwitch}), then the script and its arguments.
     */
    static List<String> asUser(JobUser user, List<Integer> groups, Path script, List<String> argv) {
        List<String> command = new ArrayList<>();
        command.add(SETSID);
        command.addAll(UserSwitch.prefix(user, groups));
        command.add(script.toString());
        command.addAll(argv);
        return command;
    }

    /**
     * What the wrapper's child does once the script's files are open, as the wrapper's arguments from {@code --}
     * on. Where the cgroup is joined by writing its {@code cgroup.procs} files and the system calls are known, the
     * child joins, starts the session and takes the user's identity itself and execs the script: one program
     * where the chain join shell, setsid, setpriv took three more (the whole chain measured 23 ms before and
     * 13 ms after at load 18, {@code bench/launch-chain.sh}). On cgroup v2 (one {@code cgroup.procs} file) the
     * child is created in the cgroup instead ({@code --clone3}), which spares the kernel's grace-period wait of
     * the join (docs/cgroups.md, "Launch latency and favordynmods"); the join stays as the fallback. Otherwise it
     * execs that chain.
     */
    List<String> childArguments(Cgroup cgroup, JobUser user, List<Integer> groups, Path jobScript,
                                List<String> argv) {
        Optional<List<Path>> procs = cgroup.procsFiles();
        List<String> args = new ArrayList<>();
        if (procs.isEmpty() || syscalls.isEmpty()) {
            args.add("--");
            args.addAll(cgroup.joinAndExec(asUser(user, groups, jobScript, argv)));
            return args;
        }
        IdentitySyscalls calls = syscalls.get();
        for (Path file : procs.get()) {
            args.add("--join");
            args.add(file.toString());
        }
        if (cgroup.version() == CgroupVersion.V2 && procs.get().size() == 1) {
            args.add("--clone3");
            args.add(Integer.toString(calls.clone3()));
        }
        args.add("--setsid");
        args.add(Integer.toString(calls.setsid()));
        if (!UserSwitch.prefix(user, groups).isEmpty()) {
            args.add("--become");
            args.add(calls.setgroups() + "," + calls.setresgid() + "," + calls.setresuid());
        }
        args.add("--");
        args.add(jobScript.toString());
        args.addAll(argv);
        return args;
    }

    /** The wrapper's command line; {@code child} is {@link #childArguments}' answer. */
    List<String> command(JobSpool spool, JobUser user, List<Integer> groups, Path workDir, StdioFiles files,
                         boolean append, List<String> child) {
        List<String> command = new ArrayList<>();
        command.add(PERL);
        command.add(script.toString());
        command.add(spool.dir().toString());
        command.add(Integer.toString(user.uid()));
        command.add(Integer.toString(user.gid()));
        command.add(joined(groups));
        command.add(workDir.toString());
        command.add(files.input().toString());
        command.add(files.output().toString());
        command.add(files.error().toString());
        command.add(append ? "1" : "0");
        command.addAll(child);
        return command;
    }

    private static String joined(List<Integer> values) {
        return values.stream().map(String::valueOf).collect(Collectors.joining(","));
    }

    static void requireTools() {
        for (String tool : List.of(PERL, SETSID, SETPRIV)) {
            if (!Files.isExecutable(Path.of(tool))) {
                throw new UncheckedIOException(new IOException("job launch needs " + tool));
            }
        }
    }
}
