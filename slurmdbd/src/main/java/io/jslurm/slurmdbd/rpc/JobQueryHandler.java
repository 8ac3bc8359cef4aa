package io.jslurm.slurmdbd.rpc;

import com.google.protobuf.Message;
import io.jslurm.common.hostlist.Hostlist;
import io.jslurm.protocol.RpcException;
import io.jslurm.protocol.proto.DbdJobQuery;
import io.jslurm.protocol.proto.DbdJobQueryResponse;
import io.jslurm.protocol.rpc.RpcCall;
import io.jslurm.protocol.rpc.RpcHandler;
import io.jslurm.slurmdbd.records.JobKey;
import io.jslurm.slurmdbd.records.JobQuery;
import io.jslurm.slurmdbd.records.JobRecord;
import io.jslurm.slurmdbd.records.JobState;
import io.jslurm.slurmdbd.records.StepRecord;
import io.jslurm.slurmdbd.storage.JobColumns;
import io.jslurm.slurmdbd.storage.JobStore;
import java.sql.SQLException;
import java.time.Instant;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.Predicate;
import java.util.stream.Collectors;

/**
 * Answers sacct: the jobs (and their steps) matching a query. Who may see which jobs is decided by
 * {@link JobVisibility}.
 */
final class JobQueryHandler implements RpcHandler<DbdJobQuery> {

    private final JobStore jobs;
    private final JobVisibility visibility;

    JobQueryHandler(JobStore jobs, JobVisibility visibility) {
        this.jobs = jobs;
        this.visibility = visibility;
    }

    @Override
    public Message handle(RpcCall<DbdJobQuery> call) throws RpcException {
        DbdJobQuery q = call.request();
        JobQuery query;
        Predicate<JobRecord> alsoMatches;
        try {
            query = query(q);
            alsoMatches = extraFilters(q).and(visibility.visibleTo(call.caller()));
        } catch (IllegalArgumentException bad) {
            throw new RpcException(DbdErrors.INVALID_REQUEST, bad.getMessage());
        }
        try {
            Set<String> unneeded = new HashSet<>(JobColumns.unneeded(q.getFieldsList()));
            if (!q.getNodeList().isEmpty()) {
                unneeded.remove("nodelist");
            }
            List<JobRecord> found = jobs.findJobs(query, unneeded).stream().filter(alsoMatches).toList();
            DbdJobQueryResponse.Builder response = DbdJobQueryResponse.newBuilder();
            for (JobRecord job : found) {
                response.addJobs(AcctMessages.job(job));
            }
            if (q.getWithSteps() && !found.isEmpty()) {
                Set<JobKey> kept = found.stream().map(JobRecord::key).collect(Collectors.toSet());
                for (StepRecord step : jobs.findStepsOf(query)) {
                    if (kept.contains(step.job())) {
                        response.addSteps(AcctMessages.step(step));
                    }
                }
            }
            return response.build();
        } catch (SQLException down) {
            throw new RpcException(DbdErrors.DB_CONNECTION, "accounting storage unavailable: " + down.getMessage());
        }
    }

    private static JobQuery query(DbdJobQuery q) {
        Set<JobState> states = q.getStatesList().stream().map(JobState::valueOf).collect(Collectors.toSet());
        Set<Long> ids = q.getJobIdsList().stream().map(Integer::toUnsignedLong).collect(Collectors.toSet());
        return new JobQuery(q.getCluster(), time(q.getWindowStart()), time(q.getWindowEnd()), Set.copyOf(q.getUsersList()),
                Set.copyOf(q.getAccountsList()), states, ids, q.getDuplicates());
    }

    /** What the store's query does not select by: names, partitions, nodes. */
    private static Predicate<JobRecord> extraFilters(DbdJobQuery q) {
        Predicate<JobRecord> filter = job -> true;
        if (q.getNamesCount() > 0) {
            Set<String> names = Set.copyOf(q.getNamesList());
            filter = filter.and(job -> names.contains(job.name()));
        }
        if (q.getPartitionsCount() > 0) {
            Set<String> partitions = Set.copyOf(q.getPartitionsList());
            filter = filter.and(job -> List.of(job.partition().split(",")).stream().anyMatch(partitions::contains));
        }
        if (!q.getNodeList().isEmpty()) {
            Set<String> nodes = new HashSet<>(Hostlist.parse(q.getNodeList()).hosts());
            filter = filter.and(job -> !job.resources().nodeList().isEmpty() && !job.resources().nodeList().equals("None assigned")
                    && Hostlist.parse(job.resources().nodeList()).hosts().stream().anyMatch(nodes::contains));
        }
        return filter;
    }

    private static Optional<Instant> time(long epochSeconds) {
        return epochSeconds == 0 ? Optional.empty() : Optional.of(Instant.ofEpochSecond(epochSeconds));
    }
}
