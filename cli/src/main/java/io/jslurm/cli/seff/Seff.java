package io.jslurm.cli.seff;

import io.jslurm.cli.client.ControllerException;
import io.jslurm.cli.sacct.AccountingDaemon;
import io.jslurm.common.jobid.JobIdSpec;
import io.jslurm.protocol.proto.AcctJob;
import io.jslurm.protocol.proto.AcctStep;
import io.jslurm.protocol.proto.DbdJobQuery;
import io.jslurm.protocol.proto.DbdJobQueryResponse;
import java.io.PrintStream;
import java.time.InstantSource;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/** {@code seff JOBID}: the CPU and memory efficiency of a job, from accounting. */
public final class Seff {

    static final String USAGE = """
            Usage: seff [Options] <Jobid>
                   Options:
                   -h    Help menu
                   -v    Version
            """;

    private final PrintStream out;
    private final PrintStream err;
    private final InstantSource clock;
    private final AccountingDaemon dbd;
    private final GroupNames groups;

    public Seff(PrintStream out, PrintStream err, InstantSource clock, AccountingDaemon dbd) {
        this(out, err, clock, dbd, GroupNames.fromSystem());
    }

    Seff(PrintStream out, PrintStream err, InstantSource clock, AccountingDaemon dbd, GroupNames groups) {
        this.groups = groups;
        this.out = out;
        this.err = err;
        this.clock = clock;
        this.dbd = dbd;
    }

    public static void main(String[] args) {
        int status = new Seff(System.out, System.err, InstantSource.system(),
                AccountingDaemon.fromEnvironment(System.getenv())).run(Arrays.asList(args));
        System.out.flush();
        System.exit(status);
    }

    public int run(List<String> args) {
        if (args.contains("-h") || args.contains("--help")) {
            out.print(USAGE);
            return 0;
        }
        if (args.contains("-v") || args.contains("--version")) {
            out.println(io.jslurm.common.Version.line());
            return 0;
        }
        List<String> ids = args.stream().filter(a -> !a.startsWith("-")).toList();
        if (ids.size() != 1) {
            err.print(USAGE);
            return 1;
        }
        JobIdSpec id;
        try {
            id = JobIdSpec.parse(ids.get(0));
        } catch (IllegalArgumentException bad) {
            err.println("seff: invalid job id " + ids.get(0) + ": " + bad.getMessage());
            return 1;
        }
        DbdJobQueryResponse response;
        try {
            response = dbd.call(DbdJobQuery.newBuilder().setCluster(dbd.clusterName()).addJobIds((int) id.jobId())
                    .setWithSteps(true).build(), DbdJobQueryResponse.class);
        } catch (ControllerException failed) {
            err.println("seff: error: " + failed.getMessage());
            return 1;
        }
        Optional<AcctJob> job = response.getJobsList().stream().filter(j -> matches(id, j)).findFirst();
        if (job.isEmpty()) {
            err.println("Job not found.");
            return 2;
        }
        List<AcctStep> steps = response.getStepsList().stream()
                .filter(s -> s.getJobId() == job.get().getJobId() && s.getJobSubmitTime() == job.get().getSubmitTime())
                .toList();
        out.print(Efficiency.report(job.get(), steps, clock.instant().getEpochSecond(), groups));
        return 0;
    }

    /** {@code N} is job N (or the first task of array N); {@code N_T} is task T of array N. */
    private static boolean matches(JobIdSpec id, AcctJob job) {
        if (id.selector() instanceof JobIdSpec.ArrayTask task) {
            return Integer.toUnsignedLong(job.getArrayJobId()) == id.jobId() && job.hasArrayTaskId()
                    && job.getArrayTaskId() == task.taskId();
        }
        return Integer.toUnsignedLong(job.getJobId()) == id.jobId()
                || Integer.toUnsignedLong(job.getArrayJobId()) == id.jobId();
    }
}
