package io.jslurm.conf.dbd;

import java.util.Objects;
import java.util.Optional;

/** The {@code Purge*After} settings; empty means those records are kept forever. */
public record PurgeSettings(Optional<PurgePeriod> eventAfter, Optional<PurgePeriod> jobAfter,
                            Optional<PurgePeriod> resvAfter, Optional<PurgePeriod> stepAfter,
                            Optional<PurgePeriod> suspendAfter, Optional<PurgePeriod> txnAfter,
                            Optional<PurgePeriod> usageAfter) {

    public PurgeSettings {
        Objects.requireNonNull(eventAfter, "eventAfter");
        Objects.requireNonNull(jobAfter, "jobAfter");
        Objects.requireNonNull(resvAfter, "resvAfter");
        Objects.requireNonNull(stepAfter, "stepAfter");
        Objects.requireNonNull(suspendAfter, "suspendAfter");
        Objects.requireNonNull(txnAfter, "txnAfter");
        Objects.requireNonNull(usageAfter, "usageAfter");
    }
}
