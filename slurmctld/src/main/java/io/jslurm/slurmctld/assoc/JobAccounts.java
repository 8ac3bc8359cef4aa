package io.jslurm.slurmctld.assoc;

import io.jslurm.conf.slurm.AccountingEnforce;
import io.jslurm.protocol.RpcException;
import io.jslurm.protocol.proto.DbdAssocRecord;
import io.jslurm.sched.limits.AccountingPolicy;
import io.jslurm.sched.limits.LimitCheck;
import io.jslurm.sched.limits.LimitUsage;
import io.jslurm.sched.limits.LimitViolation;
import io.jslurm.sched.limits.LimitedJob;
import io.jslurm.slurmctld.job.JobSpec;
import io.jslurm.slurmctld.rpc.SlurmError;
import java.util.List;
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

    public JobAccounts(Supplier<AccountingData> data, Supplier<Set<AccountingEnforce>> enforce) {
        this.data = data;
        this.enforce = enforce;
    }

    /** The spec with its account and QOS settled; refused with Slurm's error where Slurm refuses it. */
    public JobSpec resolve(JobSpec spec, Submitted submitted) throws RpcException {
        AccountingData d = data.get();
        Set<AccountingEnforce> e = enforce.get();
        if (!d.loaded()) {
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
            LimitUsage usage = LimitUsage.of(submitted.unfinished().stream().map(this::limited)
                    .flatMap(Optional::stream).toList());
            Optional<LimitedJob> job = limited(resolved);
            Optional<LimitViolation> refused = job.flatMap(j -> LimitCheck.submittable(j, policy(), usage));
            if (refused.isPresent()) {
                log.info("_job_create: user {} refused by accounting policy: {}", spec.user(),
                        refused.get().detail());
                throw SlurmError.ACCOUNTING_POLICY.exception();
            }
        }
        return resolved;
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
                JobTres.of(spec), spec.resources().timeLimit().filter(t -> !t.isUnlimited())
                        .map(t -> t.toDuration())));
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
