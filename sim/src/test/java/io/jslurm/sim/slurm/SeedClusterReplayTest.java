package io.jslurm.sim.slurm;

import static org.assertj.core.api.Assertions.assertThat;

import io.jslurm.conf.ConfLoader;
import io.jslurm.sched.model.Node;
import io.jslurm.sim.reference.ScheduledJob;
import io.jslurm.sim.reference.TinyTrace;
import io.jslurm.sim.reference.Window;
import io.jslurm.sim.reference.WindowResult;
import io.jslurm.sim.swf.SwfTrace;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The seed cluster's slurm.conf: gpu-node[01-16] with 128 CPUs, partition "train" (nodes 01-08,
 * the default, MaxTime 72 hours) and "train-priority" (nodes 09-16, MaxTime 7 days).
 */
class SeedClusterReplayTest {

  static final Path SEED_CONF =
      Path.of("../conf/src/test/resources/seeds/000-gpu-cluster/slurm.conf");

  static SimCluster seed() {
    return ConfCluster.from(ConfLoader.fromFileSystem().load(SEED_CONF).slurm());
  }

  static WindowResult replay(SwfTrace trace, AllocationUnit unit) {
    SlurmWorkload workload = SlurmWorkload.from(trace);
    return new SlurmScheduler(seed(), unit)
        .run(workload, List.of(new Window(0, workload.size()))).get(0);
  }

  @Test
  void theClusterIsTheConfsNodesAndPartitions() {
    SimCluster cluster = seed();

    assertThat(cluster.nodes()).hasSize(16).allSatisfy(node -> assertThat(node.cpus()).isEqualTo(128));
    assertThat(cluster.nodes().get(0).name()).isEqualTo("gpu-node01");
    assertThat(cluster.totalCores()).isEqualTo(16L * cluster.nodes().get(0).cores());
    assertThat(cluster.defaultPartition()).isEqualTo("train");
    assertThat(cluster.partitionFor(2).name()).isEqualTo("train-priority");
    assertThat(cluster.partitionFor(-1).name()).isEqualTo("train");
    assertThat(cluster.partition("train").maxTime()).hasValue(Duration.ofHours(72));
    assertThat(cluster.params().backfill().enabled()).isTrue();
    assertThat(cluster.multifactor()).isFalse();
  }

  @Test
  void field16ChoosesThePartitionAndItsNodes() {
    // Jobs of eight whole nodes: one fills "train", one fills "train-priority"; the second "train"
    // job waits for the first although the other partition's nodes are idle by then.
    WindowResult result = replay(TinyTrace.machine(16, 2048)
        .job(1, 0, 3600, 1024, 3600, 1)
        .job(2, 0, 1800, 1024, 3600, 2)
        .job(3, 10, 3600, 1024, 3600, 1)
        .trace(), AllocationUnit.NODES);

    assertThat(SlurmSchedulerTest.starts(result)).containsExactly(
        Map.entry(1L, 0L), Map.entry(2L, 0L), Map.entry(3L, 3600L));
  }

  @Test
  void aJobWithoutAnEstimateRunsUnderThePartitionsMaxTime() {
    // 100 hours of work without an estimate in "train": killed at 72 hours. An estimate above
    // MaxTime is capped at it too.
    WindowResult result = replay(TinyTrace.machine(16, 2048)
        .job(1, 0, 360_000, 16, -1, 1)
        .job(2, 0, 360_000, 16, 900_000, 1)
        .job(3, 0, 360_000, 16, -1, 2)
        .trace(), AllocationUnit.CORES);

    assertThat(result.jobs()).extracting(job -> job.job().run())
        .containsExactly(259_200L, 259_200L, 360_000L);
    assertThat(result.jobs()).extracting(ScheduledJob::start).containsOnly(0L);
  }

  @Test
  void withoutDefMemPerCpuACoresJobTakesTheWholeNodesMemory() {
    // CR_Core_Memory and no DefMemPerCPU: Slurm gives a job all of each node's memory, so two
    // 16-core jobs cannot share a node even in cores mode; eight fit in "train" at once.
    TinyTrace trace = TinyTrace.machine(16, 2048);
    for (int id = 1; id <= 9; id++) {
      trace.job(id, 0, 600, 16, 600, 1);
    }
    WindowResult result = replay(trace.trace(), AllocationUnit.CORES);

    assertThat(result.jobs()).extracting(ScheduledJob::start)
        .containsExactly(0L, 0L, 0L, 0L, 0L, 0L, 0L, 0L, 600L);
    assertThat(seed().nodes()).extracting(Node::memoryMib).containsOnly(1_048_576L);
  }
}
