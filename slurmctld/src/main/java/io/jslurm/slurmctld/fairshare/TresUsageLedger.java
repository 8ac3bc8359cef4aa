package io.jslurm.slurmctld.fairshare;

import java.util.HashMap;
import java.util.Map;
import java.util.Objects;

/**
 * Decayed usage per user association and QOS, by TRES (TRES-seconds) and in wall seconds: what GrpTRESMins and
 * GrpWall are measured against. It decays and resets with the fair-share usage, as Slurm's usage_tres_raw does.
 * Saved with the fair-share usage ({@link UsageFile}), so a restarted controller carries on from the last save.
 * Not thread-safe: its owner serializes access.
 */
public final class TresUsageLedger {

    /** Whose usage: the account charged, the user, and the QOS the job ran under. */
    public record Key(String account, String user, String qos) {
        public Key {
            Objects.requireNonNull(account, "account");
            Objects.requireNonNull(user, "user");
            Objects.requireNonNull(qos, "qos");
        }
    }

    /** TRES-seconds by TRES name, and seconds of wall time. */
    public record Used(Map<String, Double> tresSeconds, double wallSeconds) {
        public static final Used NONE = new Used(Map.of(), 0);

        public Used {
            tresSeconds = Map.copyOf(tresSeconds);
        }

        Used plus(Used other) {
            Map<String, Double> sum = new HashMap<>(tresSeconds);
            other.tresSeconds.forEach((tres, seconds) -> sum.merge(tres, seconds, Double::sum));
            return new Used(sum, wallSeconds + other.wallSeconds);
        }

        Used times(double factor) {
            Map<String, Double> scaled = new HashMap<>();
            tresSeconds.forEach((tres, seconds) -> scaled.put(tres, seconds * factor));
            return new Used(scaled, wallSeconds * factor);
        }
    }

    private final Map<Key, Used> usage;

    public TresUsageLedger() {
        this(Map.of());
    }

    public TresUsageLedger(Map<Key, Used> usage) {
        this.usage = new HashMap<>(usage);
    }

    /**
     * Decays what was there by {@code oldFactor} and adds what was used since, decayed by {@code recentFactor}
     * (the factors {@link UsageLedger#advance} applies).
     */
    public void advance(double oldFactor, double recentFactor, Map<Key, Used> charged) {
        usage.replaceAll((key, used) -> used.times(oldFactor));
        charged.forEach((key, used) -> usage.merge(key, used.times(recentFactor), Used::plus));
    }

    public void reset() {
        usage.clear();
    }

    public Map<Key, Used> usage() {
        return Map.copyOf(usage);
    }
}
