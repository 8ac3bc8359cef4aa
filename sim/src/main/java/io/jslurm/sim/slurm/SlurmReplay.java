package io.jslurm.sim.slurm;

import io.jslurm.sched.Scheduler;
import io.jslurm.sched.SchedulerParams;
import io.jslurm.sched.model.ClusterSnapshot;
import io.jslurm.sched.model.PendingJob;
import io.jslurm.sched.model.RunningJob;
import io.jslurm.sched.plan.JobStart;
import io.jslurm.sched.plan.Plan;
import io.jslurm.sched.priority.ClusterTotals;
import io.jslurm.sched.priority.MultifactorPriority;
import io.jslurm.sim.reference.ReferenceJob;
import io.jslurm.sim.reference.ScheduledJob;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.PriorityQueue;
import java.util.stream.Collectors;

/**
 * One window replayed through the scheduler core. The clock jumps from event to event: job
 * arrivals, job ends, and backfill passes. Whenever jobs arrive or end, the main scheduler runs
 * once for that second (all events of one second first). Backfill runs on a grid of bf_interval
 * seconds from the window's first submit, but like Slurm's backfill agent it skips a tick when no
 * job has arrived, started or ended since its last pass; the pass at a tick includes a main pass.
 */
final class SlurmReplay {

  private static final long FIFO_PRIORITY = 1;

  private final SimCluster cluster;
  private final SchedulerParams mainOnly;
  private final MultifactorPriority multifactor;
  private final long interval;
  private final NodeStates nodes;
  private final Map<Long, RunningJob> running = new LinkedHashMap<>();
  private final PriorityQueue<Ending> ends = new PriorityQueue<>(
      Comparator.comparingLong(Ending::at).thenComparingLong(Ending::jobId));
  private final Map<Long, Submission> pending = new LinkedHashMap<>();
  private final Map<Long, PendingJob> fifoJobs = new HashMap<>();
  private final Map<Long, Long> starts = new HashMap<>();
  private long origin;
  private long lastBackfill = Long.MIN_VALUE;
  /** The first second with a change the backfill agent has not seen yet; -1 when none. */
  private long dirtySince = -1;
  private long passes;
  private long backfillPasses;

  private record Ending(long at, long jobId) {}

  SlurmReplay(SimCluster cluster) {
    this.cluster = cluster;
    this.mainOnly = cluster.params().withBackfill(cluster.params().backfill().disabled());
    this.interval = cluster.bfInterval().toSeconds();
    this.nodes = new NodeStates(cluster.nodes());
    int maxJobFactor = cluster.partitions().stream().mapToInt(p -> p.priorityJobFactor()).max()
        .orElse(1);
    this.multifactor = new MultifactorPriority(cluster.weights(), new ClusterTotals(
        cluster.nodes().size(), cluster.totalCores(), maxJobFactor, 0, Map.of()));
  }

  /** Replays the jobs on an empty cluster; returns each job with its start. */
  List<ScheduledJob> run(List<Submission> jobs) {
    List<Submission> arrivals = new ArrayList<>(jobs);
    arrivals.sort(Comparator.comparingLong((Submission s) -> s.job().submit())
        .thenComparingLong(s -> s.job().jobId()));
    Map<Long, Submission> byId = new HashMap<>();
    origin = arrivals.get(0).job().submit();
    int next = 0;
    while (next < arrivals.size() || !ends.isEmpty() || !pending.isEmpty()) {
      long now = Long.MAX_VALUE;
      if (next < arrivals.size()) {
        now = arrivals.get(next).job().submit();
      }
      if (!ends.isEmpty()) {
        now = Math.min(now, ends.peek().at());
      }
      long due = backfillDue();
      if (due >= 0) {
        now = Math.min(now, due);
      }
      if (now == Long.MAX_VALUE) {
        throw new IllegalStateException("jobs " + pending.keySet()
            + " can never start: nothing runs and nothing else will arrive");
      }
      boolean changed = false;
      while (!ends.isEmpty() && ends.peek().at() == now) {
        nodes.release(running.remove(ends.poll().jobId()).allocation());
        changed = true;
      }
      while (next < arrivals.size() && arrivals.get(next).job().submit() == now) {
        Submission arrival = arrivals.get(next++);
        pending.put(arrival.job().jobId(), arrival);
        byId.put(arrival.job().jobId(), arrival);
        changed = true;
      }
      if (changed && !pending.isEmpty()) {
        touched(now);
      }
      due = backfillDue();
      boolean backfill = due >= 0 && now >= due;
      if (!pending.isEmpty() && (changed || backfill)) {
        pass(now, backfill);
      }
    }
    return byId.values().stream()
        .map(s -> new ScheduledJob(new ReferenceJob(s.job().jobId(), s.job().submit(), s.runsFor(),
            s.limitSeconds(), s.job().procs()), starts.get(s.job().jobId())))
        .collect(Collectors.toList());
  }

  long passes() {
    return passes;
  }

  long backfillPasses() {
    return backfillPasses;
  }

  /** When the backfill agent next has work: the first tick at or after an unseen change. */
  private long backfillDue() {
    if (!cluster.params().backfill().enabled() || dirtySince < 0 || pending.isEmpty()) {
      return -1;
    }
    long tick = origin + Math.floorDiv(dirtySince - origin + interval - 1, interval) * interval;
    return lastBackfill == Long.MIN_VALUE ? tick : Math.max(tick, lastBackfill + interval);
  }

  private void touched(long now) {
    if (dirtySince < 0) {
      dirtySince = now;
    }
  }

  private void pass(long now, boolean backfill) {
    passes++;
    if (backfill) {
      backfillPasses++;
      lastBackfill = now;
      dirtySince = -1;
    }
    Instant at = Instant.ofEpochSecond(now);
    List<PendingJob> queue = new ArrayList<>(pending.size());
    for (Submission job : pending.values()) {
      queue.add(!cluster.multifactor()
          ? fifoJobs.computeIfAbsent(job.job().jobId(), id -> job.pending(FIFO_PRIORITY))
          : job.pending(multifactor.priority(job.priorityInputs(), at)));
    }
    ClusterSnapshot snapshot = new ClusterSnapshot(nodes.nodes(), cluster.partitions(),
        new ArrayList<>(running.values()));
    Plan plan = Scheduler.schedule(snapshot, queue, at, backfill ? cluster.params() : mainOnly);
    for (JobStart start : plan.starts()) {
      Submission job = pending.remove(start.jobId());
      fifoJobs.remove(start.jobId());
      nodes.allocate(start.allocation());
      running.put(start.jobId(), new RunningJob(start.jobId(), start.partition(),
          start.allocation(), Optional.of(at.plusSeconds(job.limitSeconds()))));
      ends.add(new Ending(now + job.runsFor(), start.jobId()));
      starts.put(start.jobId(), now);
      touched(now);
    }
    if (pending.isEmpty()) {
      // Nothing left for the backfill agent: the next arrival starts a new wait for its tick.
      dirtySince = -1;
    }
  }
}
