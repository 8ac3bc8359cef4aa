package io.jslurm.sim;

import io.jslurm.common.time.TimeLimit;
import io.jslurm.sched.backfill.BackfillParams;
import io.jslurm.sched.priority.PriorityWeights;
import io.jslurm.sim.slurm.AllocationUnit;
import io.jslurm.sim.slurm.PriorityMode;
import io.jslurm.sim.slurm.SimCluster;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.OptionalLong;

/**
 * The options of {@code --mode slurm}; each one given overrides what slurm.conf (or Slurm's
 * default) says.
 *
 * @param bfWindow bf_window in minutes
 * @param bfResolution bf_resolution in seconds
 * @param bfInterval bf_interval in seconds
 * @param priority empty: multifactor when slurm.conf sets PriorityType=priority/multifactor,
 *     else fifo
 */
record SlurmOptions(
    Optional<Path> conf,
    OptionalInt bfWindow,
    OptionalInt bfResolution,
    OptionalInt bfMaxJobTest,
    OptionalInt bfInterval,
    boolean noBackfill,
    Optional<PriorityMode> priority,
    OptionalLong weightAge,
    OptionalLong weightJobSize,
    Optional<Duration> maxAge,
    AllocationUnit unit) {

  static final SlurmOptions DEFAULTS = new SlurmOptions(Optional.empty(), OptionalInt.empty(),
      OptionalInt.empty(), OptionalInt.empty(), OptionalInt.empty(), false, Optional.empty(),
      OptionalLong.empty(), OptionalLong.empty(), Optional.empty(), AllocationUnit.NODES);

  SlurmOptions {
    Objects.requireNonNull(conf, "conf");
    Objects.requireNonNull(priority, "priority");
    Objects.requireNonNull(maxAge, "maxAge");
    Objects.requireNonNull(unit, "unit");
  }

  /** The options given, applied to the cluster and settings read from slurm.conf or the trace. */
  SimCluster applyTo(SimCluster cluster) {
    BackfillParams backfill = cluster.params().backfill();
    if (bfWindow.isPresent()) {
      backfill = backfill.withWindow(Duration.ofMinutes(bfWindow.getAsInt()));
    }
    if (bfResolution.isPresent()) {
      backfill = new BackfillParams(backfill.enabled(), backfill.window(),
          Duration.ofSeconds(bfResolution.getAsInt()), backfill.maxJobTest(), backfill.bfContinue(),
          backfill.maxJobUser(), backfill.maxJobPart(), backfill.busyNodes());
    }
    if (bfMaxJobTest.isPresent()) {
      backfill = backfill.withMaxJobTest(bfMaxJobTest.getAsInt());
    }
    if (noBackfill) {
      backfill = backfill.disabled();
    }
    SimCluster result = cluster.withParams(cluster.params().withBackfill(backfill));
    if (bfInterval.isPresent()) {
      result = result.withBfInterval(Duration.ofSeconds(bfInterval.getAsInt()));
    }
    PriorityMode mode = priority.orElse(
        cluster.multifactor() ? PriorityMode.MULTIFACTOR : PriorityMode.FIFO);
    PriorityWeights w = cluster.multifactor() ? cluster.weights() : SimCluster.DEFAULT_WEIGHTS;
    w = new PriorityWeights(weightAge.orElse(w.age()), w.fairshare(),
        weightJobSize.orElse(w.jobSize()), w.partition(), w.qos(), w.assoc(), w.tres(),
        maxAge.orElse(w.maxAge()), w.favorSmall());
    return result.withPriority(w, mode == PriorityMode.MULTIFACTOR);
  }

  static OptionalInt positive(String value) {
    try {
      int parsed = Integer.parseInt(value);
      if (parsed >= 1) {
        return OptionalInt.of(parsed);
      }
    } catch (NumberFormatException e) {
      // reported below
    }
    throw new IllegalArgumentException("expected a whole number of at least 1, got '" + value + "'");
  }

  static OptionalLong weight(String value) {
    try {
      long parsed = Long.parseLong(value);
      if (parsed >= 0) {
        return OptionalLong.of(parsed);
      }
    } catch (NumberFormatException e) {
      // reported below
    }
    throw new IllegalArgumentException("expected a whole number of at least 0, got '" + value + "'");
  }

  static Duration age(String value) {
    TimeLimit limit = TimeLimit.parse(value);
    if (limit.isUnlimited()) {
      throw new IllegalArgumentException("PriorityMaxAge cannot be unlimited");
    }
    return limit.toDuration();
  }
}
