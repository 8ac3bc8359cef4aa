package io.jslurm.slurmctld.assoc;

import io.jslurm.common.time.TimeLimit;
import io.jslurm.conf.slurm.AccountingEnforce;
import io.jslurm.protocol.RpcException;
import io.jslurm.protocol.proto.DbdAssocRecord;
import io.jslurm.sched.limits.AccountingPolicy;
import io.jslurm.sched.limits.LimitCheck;
import io.jslurm.sched.limits.LimitUsage;
import io.jslurm.sched.limits.LimitViolation;
import io.jslurm.sched.limits.LimitedJob;
import io.jslurm.sched.limits.UsedMinutes;
import io.jslurm.slurmctld.fairshare.TresUsageLedger;
import io.jslurm.slurmctld.job.JobSpec;
import io.jslurm.slurmctld.rpc.SlurmError;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A job's account and QOS as accounting says: at submit the default account and QOS are filled in, the
 * association and QOS checked as AccountingStorageEnforce asks, and the submit-count limits applied; for the
 * scheduler, how each job counts against the limits.
 */
public final class JobAccounts implements JobLimits {

    private static final Logger log = LoggerFactory.getLogger(JobAccounts.class);

    /** The jobs already submitted (pending or running), for the submit-count limits. */
    @FunctionalInterface
    public interface Submitted {
        List<JobSpec> unfinished();
    }

    private final Supplier<AccountingData> data;
    private final Supplier<Set<AccountingEnforce>> enforce;
    private final Supplier<Map<TresUsageLedger.Key, TresUsageLedger.Used>> usage;
    private final java.util.function.Function<JobSpec, Map<String, Long>> jobTres;

    public JobAccounts(Supplier<AccountingData> data, Supplier<Set<AccountingEnforce>> enforce) {
        this(data, enforce, Map::of);
    }

    /** @param usage what each user association used under each QOS so far (GrpTRESMins, GrpWall) */
    public JobAccounts(Supplier<AccountingData> data, Supplier<Set<AccountingEnforce>> enforce,
                       Supplier<Map<TresUsageLedger.Key, TresUsageLedger.Used>> usage) {
        this(data, enforce, usage, JobTres::of);
    }

    /** @param jobTres the TRES a job counts against limits (with its billing where TRESBillingWeights apply) */
    public JobAccounts(Supplier<AccountingData> data, Supplier<Set<AccountingEnforce>> enforce,
                       Supplier<Map<TresUsageLedger.Key, TresUsageLedger.Used>> usage,
                       java.util.function.Function<JobSpec, Map<String, Long>> jobTres) {
        this.data = data;
        this.enforce = enforce;
        this.usage = usage;
        this.jobTres = jobTres;
    }

    /** The spec with its account and QOS settled; refused with Slurm's error where Slurm refuses it. */
    public JobSpec resolve(JobSpec spec, Submitted submitted) throws RpcException {
        return resolve(spec, submitted, 1, TimeLimit.UNLIMITED);
    }

    /**
     * As {@link #resolve(JobSpec, Submitted)} for a submission of {@code jobs} jobs (the tasks of an array each
     * count against the submit limits). A job without {@code --time} gets the time limit its MaxWall and
     * MaxTRESMins allow, no longer than {@code partitionMaxTime}, as Slurm sets it when limits are enforced.
     */
    public JobSpec resolve(JobSpec spec, Submitted submitted, int jobs, TimeLimit partitionMaxTime)
            throws RpcException {
        AccountingData d = data.get();
        Set<AccountingEnforce> e = enforce.get();
        if (!d.loaded()) {
            refuseWhileAwaiting(d, e, "_job_create", spec);
            return spec;
        }
        boolean associations = enforcesAssociations(e);
        String account = spec.account().isEmpty() ? d.defaultAccount(spec.user()).orElse("") : spec.account();
        Optional<DbdAssocRecord> assoc = account.isEmpty() ? Optional.empty()
                : d.association(spec.user(), account, firstPartition(spec));
        if (assoc.isEmpty()) {
            if (associations) {
                log.info("_job_create: invalid account or partition for user {}, account '{}', and partition '{}'",
                        spec.user(), account, firstPartition(spec));
                throw SlurmError.INVALID_ACCOUNT.exception();
            }
            return spec.toBuilder().account(account).build();
        }
        List<Long> chain = d.chain(assoc.get());
        String qos = spec.qos().isEmpty() ? d.defaultQos(chain) : spec.qos();
        if ((e.contains(AccountingEnforce.QOS) || e.contains(AccountingEnforce.ALL))
                && (!d.qosExists(qos) || !d.allowedQos(chain).contains(qos))) {
            log.info("_job_create: invalid qos '{}' for user {}, account {}", qos, spec.user(), account);
            throw SlurmError.INVALID_QOS.exception();
        }
        JobSpec resolved = spec.toBuilder().account(account).qos(qos).build();
        if (enforcesLimits(e)) {
            resolved = withDefaultTime(resolved, partitionMaxTime);
            Supplier<LimitUsage> usage = () -> LimitUsage.of(submitted.unfinished().stream().map(this::limited)
                    .flatMap(Optional::stream).toList());
            Optional<LimitedJob> job = limited(resolved);
            Optional<LimitViolation> refused = job.flatMap(j -> LimitCheck.submittable(j, policy(), usage, jobs));
            if (refused.isPresent()) {
                log.info("_job_create: user {} refused by accounting policy: {}", spec.user(),
                        refused.get().detail());
                throw SlurmError.ACCOUNTING_POLICY.exception();
            }
        }
        return resolved;
    }

    /**
     * Before the first copy from slurmdbd, AccountingStorageEnforce=associations refuses every account: no
     * association is known yet. (Slurm's controller does not even start serving without a copy in that case.)
     */
    private static void refuseWhileAwaiting(AccountingData d, Set<AccountingEnforce> e, String where, JobSpec spec)
            throws RpcException {
        if (d.awaited() && enforcesAssociations(e)) {
            log.info("{}: no associations from slurmdbd yet; refusing user {}, account '{}'", where, spec.user(),
                    spec.account());
            throw SlurmError.INVALID_ACCOUNT.exception();
        }
    }

    /**
     * Checks a pending job's new account or QOS ({@code scontrol update}) as a submission is checked: an unknown
     * association or a QOS it may not use is refused with Slurm's error; limits are left to the scheduler, which
     * keeps the job pending with the reason.
     */
    public JobSpec recheck(JobSpec updated) throws RpcException {
        AccountingData d = data.get();
        Set<AccountingEnforce> e = enforce.get();
        if (!d.loaded()) {
            refuseWhileAwaiting(d, e, "update_job", updated);
            return updated;
        }
        Optional<DbdAssocRecord> assoc = d.association(updated.user(), updated.account(), firstPartition(updated));
        if (assoc.isEmpty()) {
            if (enforcesAssociations(e)) {
                log.info("update_job: invalid account '{}' for user {}", updated.account(), updated.user());
                throw SlurmError.INVALID_ACCOUNT.exception();
            }
            return updated;
        }
        String qos = updated.qos().isEmpty() ? d.defaultQos(d.chain(assoc.get())) : updated.qos();
        if ((e.contains(AccountingEnforce.QOS) || e.contains(AccountingEnforce.ALL))
                && (!d.qosExists(qos) || !d.allowedQos(d.chain(assoc.get())).contains(qos))) {
            log.info("update_job: invalid qos '{}' for user {}, account {}", qos, updated.user(), updated.account());
            throw SlurmError.INVALID_QOS.exception();
        }
        return updated.toBuilder().qos(qos).build();
    }

    private JobSpec withDefaultTime(JobSpec spec, TimeLimit partitionMaxTime) {
        if (spec.resources().timeLimit().isPresent()) {
            return spec;
        }
        Optional<Duration> byLimits = limited(spec).flatMap(job -> LimitCheck.defaultTimeLimit(job, policy()));
        if (byLimits.isEmpty()) {
            return spec;
        }
        TimeLimit limit = TimeLimit.of(byLimits.get()).min(partitionMaxTime);
        return spec.toBuilder().resources(spec.resources().withTimeLimit(Optional.of(limit),
                spec.resources().timeMin())).build();
    }

    @Override
    public AccountingPolicy policy() {
        return data.get().policy(enforcesLimits(enforce.get()));
    }

    @Override
    public Optional<LimitedJob> limited(JobSpec spec) {
        AccountingData d = data.get();
        if (!d.loaded() || !enforcesLimits(enforce.get()) || spec.account().isEmpty()) {
            return Optional.empty();
        }
        return d.association(spec.user(), spec.account(), firstPartition(spec)).map(assoc -> new LimitedJob(
                spec.user(), spec.qos().isEmpty() ? AccountingData.NORMAL_QOS : spec.qos(), d.chain(assoc),
                jobTres.apply(spec), spec.resources().timeLimit().filter(t -> !t.isUnlimited())
                        .map(t -> t.toDuration())));
    }

    /** Usage in minutes, each user association's counted for it and every parent up to root. */
    @Override
    public UsedMinutes used() {
        AccountingData d = data.get();
        if (!d.loaded() || !enforcesLimits(enforce.get())) {
            return UsedMinutes.NONE;
        }
        UsedMinutes.Builder used = UsedMinutes.builder();
        usage.get().forEach((key, value) -> d.association(key.user(), key.account(), "").ifPresent(assoc -> {
            Map<String, Double> minutes = new HashMap<>();
            value.tresSeconds().forEach((tres, seconds) -> minutes.put(tres, seconds / 60));
            used.add(key.qos(), d.chain(assoc), minutes, value.wallSeconds() / 60);
        }));
        return used.build();
    }

    /** "limits", "qos" and "safe" each imply "associations", as in Slurm. */
    static boolean enforcesAssociations(Set<AccountingEnforce> e) {
        return e.contains(AccountingEnforce.ASSOCIATIONS) || e.contains(AccountingEnforce.ALL)
                || e.contains(AccountingEnforce.LIMITS) || e.contains(AccountingEnforce.QOS)
                || e.contains(AccountingEnforce.SAFE);
    }

    /** "safe" implies "limits". */
    static boolean enforcesLimits(Set<AccountingEnforce> e) {
        return e.contains(AccountingEnforce.LIMITS) || e.contains(AccountingEnforce.SAFE)
                || e.contains(AccountingEnforce.ALL);
    }

    private static String firstPartition(JobSpec spec) {
        return spec.partition().split(",")[0].strip();
    }
}
