package io.jslurm.slurmctld.fairshare;

import io.jslurm.conf.slurm.PriorityPlugin;
import io.jslurm.protocol.proto.JobPriorityFactors;
import io.jslurm.protocol.proto.PriorityFactorsRequest;
import io.jslurm.protocol.proto.PriorityFactorsResponse;
import io.jslurm.protocol.proto.PriorityWeightSet;
import io.jslurm.protocol.proto.ShareInfoRequest;
import io.jslurm.protocol.proto.ShareInfoResponse;
import io.jslurm.protocol.proto.ShareInfoRow;
import io.jslurm.protocol.rpc.RpcCall;
import io.jslurm.sched.fairshare.ShareRow;
import io.jslurm.sched.priority.PriorityFactors;
import io.jslurm.sched.priority.PriorityWeights;
import io.jslurm.slurmctld.config.ClusterConfig;
import io.jslurm.slurmctld.job.Hold;
import io.jslurm.slurmctld.job.Job;
import io.jslurm.slurmctld.job.JobState;
import io.jslurm.slurmctld.state.JobStore;
import java.time.InstantSource;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.function.Supplier;

/** sprio's and sshare's requests: the priority factors of pending jobs, and the fair-share tree. */
public final class PriorityHandlers {

    private final JobStore store;
    private final MultifactorJobPriority priority;
    private final FairShareService fairShare;
    private final Supplier<ClusterConfig> config;
    private final InstantSource clock;

    public PriorityHandlers(JobStore store, MultifactorJobPriority priority, FairShareService fairShare,
                            Supplier<ClusterConfig> config, InstantSource clock) {
        this.store = Objects.requireNonNull(store, "store");
        this.priority = Objects.requireNonNull(priority, "priority");
        this.fairShare = Objects.requireNonNull(fairShare, "fairShare");
        this.config = Objects.requireNonNull(config, "config");
        this.clock = Objects.requireNonNull(clock, "clock");
    }

    public PriorityFactorsResponse factors(RpcCall<PriorityFactorsRequest> call) {
        PriorityFactorsRequest r = call.request();
        Set<Long> ids = new HashSet<>();
        r.getJobIdsList().forEach(id -> ids.add(Integer.toUnsignedLong(id)));
        List<Job> jobs = store.query(job -> job.state() == JobState.PENDING && job.status().hold() == Hold.NONE
                && (ids.isEmpty() || ids.contains(job.jobId()) || ids.contains(job.arrayJobId()))
                && (r.getUsersCount() + r.getUidsCount() == 0 || r.getUsersList().contains(job.spec().user())
                        || r.getUidsList().contains(job.spec().uid()))
                && (r.getPartitionsCount() == 0 || r.getPartitionsList().stream()
                        .anyMatch(p -> List.of(job.spec().partition().split(",")).contains(p))));
        PriorityWeights weights = priority.weights();
        PriorityFactorsResponse.Builder response = PriorityFactorsResponse.newBuilder()
                .setWeights(weightSet(weights))
                .setMultifactor(config.get().slurm().priority().type() == PriorityPlugin.MULTIFACTOR);
        var now = clock.instant();
        for (Job job : jobs.stream().sorted(Comparator.comparingLong(Job::jobId)).toList()) {
            PriorityFactors f = priority.factors(job, now);
            response.addJobs(JobPriorityFactors.newBuilder()
                    .setJobId((int) job.jobId())
                    .setPartition(job.spec().partition().split(",")[0])
                    .setUserName(job.spec().user())
                    .setUid(job.spec().uid())
                    .setPriority(priority.priority(job, now))
                    .setAge(f.age()).setAssoc(f.assoc()).setFairshare(f.fairShare()).setJobSize(f.jobSize())
                    .setPartitionFactor(f.partition()).setQos(f.qos()).putAllTres(f.tres()).setNice(f.nice())
                    .setAdminPriority(job.status().priority()));
        }
        return response.build();
    }

    public ShareInfoResponse shares(RpcCall<ShareInfoRequest> call) {
        ShareInfoRequest r = call.request();
        ShareInfoResponse.Builder response = ShareInfoResponse.newBuilder();
        for (ShareRow row : fairShare.current().rows()) {
            boolean accountWanted = r.getAccountsCount() == 0 || r.getAccountsList().contains(row.account());
            boolean userWanted = !row.isUser() || r.getUsersCount() == 0 || r.getUsersList().contains(row.user());
            if (accountWanted && userWanted) {
                response.addRows(ShareInfoRow.newBuilder().setAccount(row.account()).setUser(row.user())
                        .setDepth(row.depth()).setRawShares(row.rawShares()).setNormShares(row.normShares())
                        .setRawUsage(row.rawUsage()).setNormUsage(row.normUsage())
                        .setEffectvUsage(row.effectvUsage()).setLevelFs(row.levelFs())
                        .setFairshare(row.fairShare()));
            }
        }
        return response.build();
    }

    private static PriorityWeightSet weightSet(PriorityWeights w) {
        return PriorityWeightSet.newBuilder().setAge(w.age()).setAssoc(w.assoc()).setFairshare(w.fairshare())
                .setJobSize(w.jobSize()).setPartition(w.partition()).setQos(w.qos()).putAllTres(w.tres()).build();
    }
}
