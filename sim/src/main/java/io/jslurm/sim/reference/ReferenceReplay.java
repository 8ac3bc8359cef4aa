package io.jslurm.sim.reference;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * One replay of a window under the reference protocol; an instance runs once. The order of every
 * list matters, because the published schedule depends on how stable sorts break ties.
 */
final class ReferenceReplay {

  private static final Comparator<RunningJob> BY_END = Comparator.comparingLong(RunningJob::end);
  private static final Comparator<RunningJob> BY_ESTIMATED_END =
      Comparator.comparingLong(RunningJob::estimatedEnd);

  private final List<ReferenceJob> arrivals;
  private final Policy policy;
  private final boolean backfill;
  private final MachineShape shape;
  private final NodePool pool;
  private final List<ReferenceJob> queue = new ArrayList<>();
  private final List<RunningJob> running = new ArrayList<>();
  private final List<ScheduledJob> scheduled = new ArrayList<>();
  private int nextArrival;
  private long now;

  ReferenceReplay(List<ReferenceJob> arrivals, MachineShape shape, Policy policy, boolean backfill) {
    if (arrivals.isEmpty()) {
      throw new IllegalArgumentException("a replay needs at least one job");
    }
    this.arrivals = arrivals;
    this.policy = policy;
    this.backfill = backfill;
    this.shape = shape;
    this.pool = new NodePool(shape);
  }

  /** Returns every job with its start time, in the order the jobs started. */
  List<ScheduledJob> run() {
    ReferenceJob first = arrivals.get(0);
    now = first.submit();
    queue.add(first);
    nextArrival = 1;
    do {
      queue.sort(policy.order());
      ReferenceJob head = queue.get(0);
      if (!pool.fits(head)) {
        if (backfill) {
          backfillUntilFits(head);
        } else {
          waitUntilFits(head);
        }
      }
      start(head);
    } while (refillQueue());
    return List.copyOf(scheduled);
  }

  /** Arrivals join the queue meanwhile but do not take the head's place. */
  private void waitUntilFits(ReferenceJob head) {
    while (!pool.fits(head)) {
      advance();
    }
  }

  /**
   * Starts queued jobs, oldest submit first, that fit now and will have ended (by their estimate)
   * strictly before the head's shadow time; the shadow time is computed once and not revised.
   * The queue stays sorted by submit afterwards, which decides ties at the next policy sort.
   */
  private void backfillUntilFits(ReferenceJob head) {
    long shadow = shadowTime(head);
    while (!pool.fits(head)) {
      queue.sort(Policy.FCFS.order());
      for (ReferenceJob job : List.copyOf(queue)) {
        if (pool.fits(job) && now + job.requestedTime() < shadow) {
          start(job);
        }
      }
      advance();
    }
  }

  /** The estimated end of the running job whose release first frees enough processors for head. */
  private long shadowTime(ReferenceJob head) {
    running.sort(BY_ESTIMATED_END);
    double freeProcs = pool.freeProcs();
    double procsPerNode = shape.procsPerNode();
    long shadow = now;
    for (RunningJob job : running) {
      freeProcs += job.nodes() * procsPerNode;
      shadow = job.estimatedEnd();
      if (freeProcs >= head.procs()) {
        break;
      }
    }
    return shadow;
  }

  private void start(ReferenceJob job) {
    running.add(new RunningJob(job, now, pool.allocate(job)));
    scheduled.add(new ScheduledJob(job, now));
    queue.remove(job);
  }

  /** When the queue runs dry, moves on to the next arrival; false when none is left. */
  private boolean refillQueue() {
    if (!queue.isEmpty()) {
      return true;
    }
    if (nextArrival >= arrivals.size()) {
      return false;
    }
    while (queue.isEmpty()) {
      advance();
    }
    return true;
  }

  /** Handles exactly one event: the next arrival, or else the earliest completion. */
  private void advance() {
    long nextRelease = Long.MAX_VALUE;
    if (!running.isEmpty()) {
      running.sort(BY_END);
      nextRelease = running.get(0).end();
    }
    if (nextArrival < arrivals.size() && arrivals.get(nextArrival).submit() <= nextRelease) {
      ReferenceJob arrival = arrivals.get(nextArrival++);
      now = Math.max(now, arrival.submit());
      queue.add(arrival);
    } else if (!running.isEmpty()) {
      RunningJob done = running.remove(0);
      now = Math.max(now, done.end());
      pool.release(done.nodes());
    } else {
      throw new IllegalStateException("no event left while jobs are waiting");
    }
  }
}
