package io.jslurm.cli.sacct;

import io.jslurm.cli.client.ClientIdentity;
import io.jslurm.cli.client.CommandLine;
import io.jslurm.cli.client.ControllerException;
import io.jslurm.cli.json.JsonDocument;
import io.jslurm.cli.opt.ParsedOptions;
import io.jslurm.common.jobid.JobIdSpec;
import io.jslurm.protocol.proto.AcctJob;
import io.jslurm.protocol.proto.AcctStep;
import io.jslurm.protocol.proto.DbdJobQuery;
import io.jslurm.protocol.proto.DbdJobQueryResponse;
import java.io.BufferedOutputStream;
import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.PrintStream;
import java.time.Instant;
import java.time.InstantSource;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** {@code sacct}: jobs and steps from the accounting database, in Slurm's layouts. */
public final class Sacct {

    static final String PROGRAM = "sacct";

    private final PrintStream out;
    private final PrintStream err;
    private final InstantSource clock;
    private final ZoneId zone;
    private final ClientIdentity identity;
    private final AccountingDaemon dbd;

    public Sacct(PrintStream out, PrintStream err, InstantSource clock, ZoneId zone, ClientIdentity identity,
                 AccountingDaemon dbd) {
        this.out = out;
        this.err = err;
        this.clock = clock;
        this.zone = zone;
        this.identity = identity;
        this.dbd = dbd;
    }

    public static void main(String[] args) {
        PrintStream out = new PrintStream(new BufferedOutputStream(new FileOutputStream(FileDescriptor.out), 1 << 16), false);
        Sacct sacct = new Sacct(out, System.err, InstantSource.system(), ZoneId.systemDefault(), ClientIdentity.current(),
                AccountingDaemon.fromEnvironment(System.getenv()));
        int status = sacct.run(Arrays.asList(args));
        out.flush();
        System.exit(status);
    }

    public int run(List<String> args) {
        Optional<ParsedOptions> parsed = CommandLine.parse(PROGRAM, SacctOptions.OPTIONS, args, err);
        if (parsed.isEmpty()) {
            return 1;
        }
        SacctOptions options;
        try {
            options = SacctOptions.from(parsed.get(), clock, zone, identity.user(), identity.uid() == 0);
        } catch (SacctOptions.Refused refused) {
            err.println(PROGRAM + ": error: " + refused.getMessage());
            return 1;
        }
        if (options.help()) {
            out.print(SacctHelp.TEXT);
            return 0;
        }
        if (options.version()) {
            out.println(io.jslurm.common.Version.line());
            return 0;
        }
        DbdJobQueryResponse response;
        String cluster;
        try {
            cluster = options.clusters().isEmpty() ? dbd.clusterName() : options.clusters().get(0);
            response = dbd.call(query(options, cluster), DbdJobQueryResponse.class);
        } catch (ControllerException failed) {
            err.println(PROGRAM + ": error: " + failed.getMessage());
            return 1;
        }
        List<SacctRow> rows = rows(response, options);
        if (options.json()) {
            SacctJson.write(out, args, identity, cluster, rows, clock.instant().getEpochSecond());
            return 0;
        }
        StringBuilder text = new StringBuilder(128 * (rows.size() + 2));
        new SacctLayout(options.fields(), options.mode(), options.delimiter(), options.header())
                .print(rows, new SacctContext(zone, clock.instant().getEpochSecond(), options.sizes()), text);
        out.append(text);
        return 0;
    }

    static DbdJobQuery query(SacctOptions options, String cluster) {
        DbdJobQuery.Builder q = DbdJobQuery.newBuilder().setCluster(cluster).addAllUsers(options.users())
                .addAllAccounts(options.accounts()).addAllStates(options.states()).addAllNames(options.names())
                .addAllPartitions(options.partitions()).setNodeList(options.nodeList())
                .setDuplicates(options.duplicates()).setWithSteps(!options.allocationsOnly() || hasSteps(options));
        options.start().map(Instant::getEpochSecond).ifPresent(q::setWindowStart);
        options.end().map(Instant::getEpochSecond).ifPresent(q::setWindowEnd);
        options.jobs().stream().map(spec -> (int) spec.jobId()).distinct().forEach(q::addJobIds);
        if (!options.json()) {
            // JSON prints every field; a table only its own, so slurmdbd can leave the other long columns out.
            options.fields().forEach(f -> q.addFields(f.name().toLowerCase(java.util.Locale.ROOT)));
        }
        return q.build();
    }

    private static boolean hasSteps(SacctOptions options) {
        return options.jobs().stream().anyMatch(JobIdSpec::isStep);
    }

    /** Each job then its steps (batch, extern, then by number), narrowed to what -j named. */
    static List<SacctRow> rows(DbdJobQueryResponse response, SacctOptions options) {
        Map<JobKey, List<AcctStep>> stepsByJob = new HashMap<>();
        for (AcctStep step : response.getStepsList()) {
            stepsByJob.computeIfAbsent(new JobKey(step.getJobId(), step.getJobSubmitTime()), k -> new ArrayList<>())
                    .add(step);
        }
        boolean named = !options.jobs().isEmpty();
        List<SacctRow> rows = new ArrayList<>(response.getJobsCount() * (options.allocationsOnly() ? 1 : 4));
        for (AcctJob job : response.getJobsList()) {
            List<AcctStep> steps = stepsByJob.isEmpty() ? List.of()
                    : stepsByJob.getOrDefault(new JobKey(job.getJobId(), job.getSubmitTime()), List.of());
            // Over a busy day without -j this loop runs 100,000 times: no streams for the common case.
            List<JobIdSpec> naming = named ? options.jobs().stream().filter(spec -> names(spec, job)).toList()
                    : List.of();
            if (named && naming.isEmpty()) {
                continue;
            }
            boolean wholeJob = naming.isEmpty() || naming.stream().anyMatch(spec -> !spec.isStep());
            if (wholeJob) {
                rows.add(SacctRow.ofJob(job, steps));
            }
            for (AcctStep step : steps) {
                boolean stepNamed = naming.stream().anyMatch(spec -> spec.step()
                        .map(id -> (int) id.value() == step.getStepId()).orElse(false));
                if (stepNamed || (wholeJob && !options.allocationsOnly())) {
                    rows.add(SacctRow.ofStep(job, step));
                }
            }
        }
        return rows;
    }

    /** Whether a -j item names this job: by its id, or as its array and task. */
    private static boolean names(JobIdSpec spec, AcctJob job) {
        long id = Integer.toUnsignedLong(job.getJobId());
        long arrayId = Integer.toUnsignedLong(job.getArrayJobId());
        JobIdSpec.Selector selector = spec.selector();
        if (selector instanceof JobIdSpec.ArrayTask task) {
            return spec.jobId() == arrayId && job.hasArrayTaskId() && job.getArrayTaskId() == task.taskId();
        }
        if (selector instanceof JobIdSpec.ArrayTasks tasks) {
            return spec.jobId() == arrayId && job.hasArrayTaskId() && tasks.taskIds().contains(job.getArrayTaskId());
        }
        return spec.jobId() == id || (selector instanceof JobIdSpec.Whole && spec.jobId() == arrayId);
    }

    /** A job incarnation, as steps name the job they belong to. */
    private record JobKey(int jobId, long submitTime) {
    }
}
