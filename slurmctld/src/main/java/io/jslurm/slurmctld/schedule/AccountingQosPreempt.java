package io.jslurm.slurmctld.schedule;

import io.jslurm.protocol.proto.DbdQosRecord;
import io.jslurm.sched.preempt.PreemptMode;
import io.jslurm.sched.preempt.QosPreempt;
import io.jslurm.slurmctld.assoc.AccountingData;
import java.time.Duration;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.function.Supplier;

/**
 * preempt/qos's QOS records from the controller's copy of accounting: each QOS's Preempt= list, its own
 * PreemptMode (OFF, or none, leaves the cluster's in force, as sacctmgr's "cluster" says), GraceTime and
 * PreemptExemptTime. sacctmgr's
 * changes reach the scheduler with the copy's next refresh.
 */
public final class AccountingQosPreempt implements QosPreemptSource {

    private record Converted(AccountingData from, Map<String, QosPreempt> qos) {
    }

    private final Supplier<AccountingData> accounting;
    private volatile Converted last = new Converted(null, Map.of());

    public AccountingQosPreempt(Supplier<AccountingData> accounting) {
        this.accounting = Objects.requireNonNull(accounting, "accounting");
    }

    @Override
    public Map<String, QosPreempt> qos() {
        AccountingData data = accounting.get();
        Converted seen = last;
        if (seen.from() == data) {
            return seen.qos();
        }
        // a copy is immutable and replaced whole, so one conversion per copy is enough
        Map<String, QosPreempt> qos = new HashMap<>();
        for (DbdQosRecord record : data.snapshot().getQosList()) {
            qos.put(record.getName(), of(record));
        }
        last = new Converted(data, Map.copyOf(qos));
        return last.qos();
    }

    static QosPreempt of(DbdQosRecord record) {
        return new QosPreempt(record.getName(), Set.copyOf(record.getPreemptList()), mode(record.getPreemptMode()),
                Duration.ofSeconds(Math.max(0, record.getGraceTimeSeconds())),
                record.hasPreemptExemptSeconds() && record.getPreemptExemptSeconds() >= 0
                        ? Optional.of(Duration.ofSeconds(record.getPreemptExemptSeconds())) : Optional.empty());
    }

    /** A QOS's PreemptMode: OFF or nothing defers to the cluster's; GANG alone preempts nothing. */
    static Optional<PreemptMode> mode(String stored) {
        Set<io.jslurm.conf.slurm.PreemptMode> modes = EnumSet.noneOf(io.jslurm.conf.slurm.PreemptMode.class);
        for (String item : stored.split(",")) {
            String name = item.strip().toUpperCase(Locale.ROOT);
            for (io.jslurm.conf.slurm.PreemptMode mode : io.jslurm.conf.slurm.PreemptMode.values()) {
                if (mode.confName().equals(name)) {
                    modes.add(mode);
                }
            }
        }
        if (modes.isEmpty() || modes.equals(EnumSet.of(io.jslurm.conf.slurm.PreemptMode.OFF))) {
            return Optional.empty();
        }
        return Optional.of(PreemptSettings.mode(modes).orElse(PreemptMode.OFF));
    }
}
