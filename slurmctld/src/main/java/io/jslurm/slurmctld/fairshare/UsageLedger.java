package io.jslurm.slurmctld.fairshare;

import io.jslurm.sched.fairshare.UsageDecay;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.Map;

/**
 * Decayed usage per user association, in TRES-billing-weighted seconds, with the times it was last brought up to
 * date and last reset, and the usage by TRES the TRES-minutes limits read ({@link #tres()}), which shares those
 * times so that it decays and resets with it. Not thread-safe: its owner serializes access.
 */
public final class UsageLedger {

    private final Map<AssocKey, Double> usage;
    private Instant lastUpdate;
    private Instant lastReset;
    private final TresUsageLedger tres;

    public UsageLedger(Map<AssocKey, Double> usage, Instant lastUpdate, Instant lastReset) {
        this(usage, new TresUsageLedger(), lastUpdate, lastReset);
    }

    public UsageLedger(Map<AssocKey, Double> usage, TresUsageLedger tres, Instant lastUpdate, Instant lastReset) {
        this.usage = new HashMap<>(usage);
        this.tres = tres;
        this.lastUpdate = lastUpdate;
        this.lastReset = lastReset;
    }

    public static UsageLedger empty() {
        return new UsageLedger(Map.of(), Instant.EPOCH, Instant.EPOCH);
    }

    /**
     * Decays everything by the time since the last update and adds what was used meanwhile. Before the first
     * update there is nothing to decay.
     *
     * @param charged billing-weighted seconds used since the last update, by association
     */
    public void advance(Instant now, Map<AssocKey, Double> charged, UsageDecay decay) {
        Duration elapsed = lastUpdate.equals(Instant.EPOCH) ? Duration.ZERO : Duration.between(lastUpdate, now);
        if (elapsed.isNegative()) {
            elapsed = Duration.ZERO;
        }
        double old = decay.factor(elapsed);
        double recent = decay.factor(elapsed.dividedBy(2));
        usage.replaceAll((key, value) -> value * old);
        charged.forEach((key, seconds) -> usage.merge(key, seconds * recent, Double::sum));
        lastUpdate = now;
    }

    /** PriorityUsageResetPeriod came round: all usage is forgotten. */
    public void reset(Instant now) {
        usage.replaceAll((key, value) -> 0.0);
        tres.reset();
        lastReset = now;
    }

    public Map<AssocKey, Double> usage() {
        return Map.copyOf(usage);
    }

    /** Usage by TRES and wall time per user association and QOS, saved and reset with this ledger. */
    public TresUsageLedger tres() {
        return tres;
    }

    public Instant lastUpdate() {
        return lastUpdate;
    }

    public Instant lastReset() {
        return lastReset;
    }
}
