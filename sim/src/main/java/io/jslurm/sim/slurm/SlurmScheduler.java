package io.jslurm.sim.slurm;

import io.jslurm.sched.SubmitCheck;
import io.jslurm.sched.model.ClusterSnapshot;
import io.jslurm.sched.model.Partition;
import io.jslurm.sched.select.ResourceFit;
import io.jslurm.sim.reference.MachineShape;
import io.jslurm.sim.reference.Window;
import io.jslurm.sim.reference.WindowResult;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Set;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Slurm mode: each window replayed on its own, on an empty cluster, through the scheduler core.
 * Jobs no partition could ever hold are refused before the replay, as sbatch would refuse them.
 */
public final class SlurmScheduler {

  private final SimCluster cluster;
  private final AllocationUnit unit;
  private long passes;
  private long backfillPasses;

  public SlurmScheduler(SimCluster cluster, AllocationUnit unit) {
    this.cluster = Objects.requireNonNull(cluster, "cluster");
    this.unit = Objects.requireNonNull(unit, "unit");
  }

  public List<WindowResult> run(SlurmWorkload workload, List<Window> windows) {
    MachineShape machine = new MachineShape(cluster.nodes().size(),
        Math.toIntExact(cluster.totalCores()));
    List<WindowResult> results = new ArrayList<>(windows.size());
    for (Window window : windows) {
      List<Submission> jobs = submit(workload.jobsOf(window));
      SlurmReplay replay = new SlurmReplay(cluster);
      long origin = jobs.stream().mapToLong(job -> job.job().submit()).min().orElseThrow();
      results.add(new WindowResult(window, machine, origin, replay.run(jobs)));
      passes += replay.passes();
      backfillPasses += replay.backfillPasses();
    }
    return results;
  }

  /** Scheduling passes run so far, all windows together. */
  public long passes() {
    return passes;
  }

  /** Of those, the passes that included backfill. */
  public long backfillPasses() {
    return backfillPasses;
  }

  private List<Submission> submit(List<SlurmJob> jobs) {
    SubmitCheck check = new SubmitCheck(new ResourceFit(cluster.params().select()),
        new ClusterSnapshot(cluster.nodes(), cluster.partitions(), List.of()));
    Map<String, Boolean> refused = new HashMap<>();
    Map<String, Integer> cpusPerNode = new HashMap<>();
    List<Submission> submissions = new ArrayList<>(jobs.size());
    for (SlurmJob job : jobs) {
      Partition partition = cluster.partitionFor(job.partitionNumber());
      Submission submission = Submission.of(job, partition,
          cpusPerNode.computeIfAbsent(partition.name(), name -> smallestNode(partition)), unit);
      String shape = submission.partition().name() + "/" + submission.request();
      if (refused.computeIfAbsent(shape,
          key -> check.neverFits(submission.request(), submission.partition()))) {
        throw new IllegalArgumentException("job " + job.jobId() + " (" + job.procs()
            + " processors as " + unit + ") can never run in partition "
            + submission.partition().name() + ": "
            + SubmitCheck.Rejection.REQUESTED_NODE_CONFIG_UNAVAILABLE.message());
      }
      submissions.add(submission);
    }
    return submissions;
  }

  /** The CPUs (cores under CR_Core) of the partition's smallest node: whole-node jobs count on it. */
  private int smallestNode(Partition partition) {
    Set<String> members = new HashSet<>(partition.nodes());
    boolean countsCpus = cluster.params().select().type().countsCpus();
    return cluster.nodes().stream()
        .filter(node -> members.contains(node.name()))
        .mapToInt(node -> countsCpus ? node.cpus() : node.cores())
        .min().orElse(1);
  }
}
