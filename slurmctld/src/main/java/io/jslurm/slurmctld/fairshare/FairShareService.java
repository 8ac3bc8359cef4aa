package io.jslurm.slurmctld.fairshare;

import io.jslurm.conf.slurm.PriorityFlag;
import io.jslurm.sched.fairshare.ClassicFairShare;
import io.jslurm.sched.fairshare.FairShares;
import io.jslurm.sched.fairshare.FairTree;
import io.jslurm.sched.fairshare.ShareNode;
import io.jslurm.sched.fairshare.UsageDecay;
import io.jslurm.sched.fairshare.UsageReset;
import io.jslurm.slurmctld.assoc.AccountingData;
import io.jslurm.slurmctld.assoc.JobTres;
import io.jslurm.slurmctld.config.ClusterConfig;
import io.jslurm.slurmctld.job.Job;
import io.jslurm.slurmctld.state.JobStore;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.time.Instant;
import java.time.InstantSource;
import java.time.ZoneId;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Keeps each association's decayed usage up to date from the jobs that ran, reads the association tree from
 * accounting every few seconds, and recomputes the fair-share factors from both. The scheduling loop calls
 * {@link #update} before each pass; sprio and sshare read the latest result.
 */
public final class FairShareService {

    private static final Logger log = LoggerFactory.getLogger(FairShareService.class);
    /**
     * How stale the association tree may get before it is read again; a change the controller's copy takes in
     * (slurmdbd pushes sacctmgr's changes) is read at once through {@link #associationsChanged}.
     */
    static final Duration RELOAD_EVERY = Duration.ofSeconds(5);
    /**
     * After a read that failed slowly (a slurmdbd that accepts but does not answer), the next try waits this long,
     * so that it does not stall a pass every few seconds. A quick refusal (slurmdbd not started yet) is retried
     * at the usual interval.
     */
    static final Duration RETRY_AFTER_SLOW_FAILURE = Duration.ofSeconds(60);
    static final long SLOW_FAILURE_NANOS = 1_000_000_000L;
    /**
     * Usage is saved at most this often while jobs run (a crash loses at most this much of it), and at least
     * every {@link #SAVE_EVERY} otherwise: each save is an fsync, and passes can come twice a second.
     */
    static final Duration SAVE_BUSY = Duration.ofSeconds(10);
    static final Duration SAVE_EVERY = Duration.ofSeconds(60);

    private final AssociationSource source;
    private final UsageFile file;
    private final UsageLedger ledger;
    private final Supplier<ClusterConfig> config;
    /** Usage is charged by the billing TRES of each job's partition. */
    private final io.jslurm.slurmctld.accounting.JobBilling bills;
    private final InstantSource clock;
    private volatile AccountingView view = AccountingView.EMPTY;
    private volatile FairShares shares = FairShares.EMPTY;
    private Instant nextLoad = Instant.EPOCH;
    /** The association copy changed since the tree was last read. */
    private volatile boolean associationsChanged;
    private Instant lastSave = Instant.EPOCH;
    /** Usage was charged since the last save. */
    private boolean unsaved;
    private Instant lastLoadFailureLog = Instant.EPOCH;

    FairShareService(AssociationSource source, UsageFile file, UsageLedger ledger, Supplier<ClusterConfig> config,
                     InstantSource clock) {
        this.source = Objects.requireNonNull(source, "source");
        this.file = Objects.requireNonNull(file, "file");
        this.ledger = Objects.requireNonNull(ledger, "ledger");
        this.bills = new io.jslurm.slurmctld.accounting.JobBilling(() -> config.get().slurm());
        this.config = Objects.requireNonNull(config, "config");
        this.clock = Objects.requireNonNull(clock, "clock");
    }

    /**
     * Opens the saved usage under StateSaveLocation. A file that cannot be read is moved aside (kept for the
     * operator) and usage starts again from zero, rather than keeping the controller from starting.
     */
    public static FairShareService open(AssociationSource source, Supplier<ClusterConfig> config,
                                        InstantSource clock) {
        UsageFile file = new UsageFile(config.get().slurm().paths().stateSaveLocation());
        UsageLedger ledger;
        try {
            ledger = file.read();
        } catch (IOException unreadable) {
            log.error("Association usage lost, starting from zero: {}", unreadable.getMessage());
            try {
                Files.move(file.path(), file.path().resolveSibling("assoc_usage.corrupt"),
                        StandardCopyOption.REPLACE_EXISTING);
            } catch (IOException ignored) {
                // the next save overwrites it anyway
            }
            ledger = UsageLedger.empty();
        }
        return new FairShareService(source, file, ledger, config, clock);
    }

    /** Charges usage since the last update, applies decay and resets, and recomputes the factors. */
    public synchronized void update(JobStore store) {
        Instant now = clock.instant();
        ClusterConfig cfg = config.get();
        reloadIfStale(now);
        UsageReset reset = resetPeriod(cfg);
        if (reset.due(ledger.lastReset(), now, ZoneId.systemDefault())) {
            log.info("PriorityUsageResetPeriod={}: association usage reset", reset);
            ledger.reset(now);
        }
        UsageDecay decay = new UsageDecay(cfg.slurm().priority().decayHalfLife());
        Duration elapsed = ledger.lastUpdate().equals(Instant.EPOCH) || now.isBefore(ledger.lastUpdate())
                ? Duration.ZERO : Duration.between(ledger.lastUpdate(), now);
        ledger.tres().advance(decay.factor(elapsed), decay.factor(elapsed.dividedBy(2)),
                tresCharges(store, ledger.lastUpdate(), now));
        Map<AssocKey, Double> charged = charges(store, ledger.lastUpdate(), now);
        ledger.advance(now, charged, decay);
        recompute(cfg);
        unsaved |= charged.values().stream().anyMatch(seconds -> seconds > 0);
        Duration sinceSave = Duration.between(lastSave, now);
        if (sinceSave.compareTo(unsaved ? SAVE_BUSY : SAVE_EVERY) >= 0) {
            save(now);
        }
    }

    /** Usage by TRES and wall time per user association and QOS, as of the last update. */
    public synchronized Map<TresUsageLedger.Key, TresUsageLedger.Used> tresUsage() {
        return ledger.tres().usage();
    }

    /** The factors as of the last update, reading the association tree first if it is stale. */
    public synchronized FairShares current() {
        Instant now = clock.instant();
        if (reloadIfStale(now)) {
            recompute(config.get());
        }
        return shares;
    }

    /** The fair-share factor of the association a job is charged to. */
    public double factor(String user, String requestedAccount) {
        return shares.factor(view.accountOf(user, requestedAccount), user);
    }

    public AccountingView view() {
        return view;
    }

    /** The next update, sshare or sprio reads the association tree again rather than waiting for it to age. */
    public void associationsChanged() {
        associationsChanged = true;
    }

    /**
     * Billing-weighted seconds each association's jobs ran between {@code since} and {@code now}. Associations
     * of jobs that did not run are charged 0, so that they appear in the tree (and rank) before they have usage.
     */
    private Map<AssocKey, Double> charges(JobStore store, Instant since, Instant now) {
        long from = since.getEpochSecond();
        List<Job> ran = store.query(job -> !job.state().isFinished() || job.status().endTime() > from);
        Map<AssocKey, Double> charged = new HashMap<>();
        AccountingView accounts = view;
        for (Job job : ran) {
            AssocKey key = new AssocKey(accounts.accountOf(job.spec().user(), job.spec().account()),
                    job.spec().user());
            charged.putIfAbsent(key, 0.0);
            if (job.status().startTime() <= 0) {
                continue;
            }
            long start = Math.max(from, job.status().startTime());
            long end = job.state().isFinished() ? Math.min(now.getEpochSecond(), job.status().endTime())
                    : now.getEpochSecond();
            // Usage is charged by the billing TRES (the partition's TRESBillingWeights, else the CPU count), as in
            // Slurm; a run whose allocation is no longer recorded (requeued since) counts as one CPU.
            double billing = job.status().allocation().isEmpty() ? 1 : bills.billable(job);
            if (end > start) {
                charged.merge(key, (end - start) * billing, Double::sum);
            }
        }
        return charged;
    }

    /** What each job used between {@code since} and {@code now}, by TRES and in wall time. */
    private Map<TresUsageLedger.Key, TresUsageLedger.Used> tresCharges(JobStore store, Instant since, Instant now) {
        long from = since.getEpochSecond();
        Map<TresUsageLedger.Key, TresUsageLedger.Used> charged = new HashMap<>();
        AccountingView accounts = view;
        for (Job job : store.query(j -> j.status().startTime() > 0
                && (!j.state().isFinished() || j.status().endTime() > from))) {
            long start = Math.max(from, job.status().startTime());
            long end = job.state().isFinished() ? Math.min(now.getEpochSecond(), job.status().endTime())
                    : now.getEpochSecond();
            if (end <= start) {
                continue;
            }
            TresUsageLedger.Key key = new TresUsageLedger.Key(
                    accounts.accountOf(job.spec().user(), job.spec().account()), job.spec().user(),
                    job.spec().qos().isEmpty() ? AccountingData.NORMAL_QOS : job.spec().qos());
            Map<String, Double> tres = new HashMap<>();
            Map<String, Long> held = new HashMap<>(JobTres.of(job.spec()));
            if (job.status().allocation().cpus() > 0) {
                held.put("cpu", (long) job.status().allocation().cpus());
            }
            held.forEach((name, count) -> tres.put(name, (double) count * (end - start)));
            if (!job.status().allocation().isEmpty()) {
                // GrpTRESMins=billing=N counts the billing TRES, as fair-share usage does.
                tres.put("billing", bills.billable(job) * (end - start));
            }
            charged.merge(key, new TresUsageLedger.Used(tres, end - start), TresUsageLedger.Used::plus);
        }
        return charged;
    }

    private boolean reloadIfStale(Instant now) {
        if (now.isBefore(nextLoad) && !associationsChanged) {
            return false;
        }
        associationsChanged = false;
        long started = System.nanoTime();
        try {
            view = source.load();
            nextLoad = now.plus(RELOAD_EVERY);
            return true;
        } catch (IOException | RuntimeException e) {
            boolean slow = System.nanoTime() - started > SLOW_FAILURE_NANOS;
            nextLoad = now.plus(slow ? RETRY_AFTER_SLOW_FAILURE : RELOAD_EVERY);
            if (Duration.between(lastLoadFailureLog, now).toMinutes() >= 1) {
                lastLoadFailureLog = now;
                log.warn("Cannot read associations for fair share, keeping the last ones: {}", e.getMessage());
            }
            return false;
        }
    }

    private void recompute(ClusterConfig cfg) {
        ShareNode tree = ShareTrees.build(view.associations(), ledger.usage());
        shares = cfg.slurm().priority().flags().contains(PriorityFlag.NO_FAIR_TREE)
                ? ClassicFairShare.compute(tree) : FairTree.compute(tree);
    }

    private void save(Instant now) {
        try {
            file.write(ledger);
            lastSave = now;
            unsaved = false;
        } catch (IOException e) {
            log.error("Cannot save association usage to {}: {}", file.path(), e.getMessage());
        }
    }

    private static UsageReset resetPeriod(ClusterConfig cfg) {
        try {
            return UsageReset.parse(cfg.setting("PriorityUsageResetPeriod", "NONE"));
        } catch (IllegalArgumentException bad) {
            return UsageReset.NONE;
        }
    }
}
