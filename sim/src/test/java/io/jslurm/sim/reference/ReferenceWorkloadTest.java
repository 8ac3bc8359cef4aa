package io.jslurm.sim.reference;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jslurm.sim.swf.SwfReader;
import java.io.IOException;
import java.io.StringReader;
import org.junit.jupiter.api.Test;

class ReferenceWorkloadTest {

  @Test
  void dropsZeroRunTimesAndSortsByJobId() {
    ReferenceWorkload workload = TinyTrace.machine(8)
        .job(3, 30, 5, 1)
        .job(1, 10, 0, 1)
        .job(2, 20, 7, 1)
        .workload();

    assertThat(workload.jobs()).extracting(ReferenceJob::jobId).containsExactly(2L, 3L);
  }

  @Test
  void aNegativeRunTimeBecomesTenSecondsAndKeepsItAsTheMissingEstimate() {
    ReferenceWorkload workload = TinyTrace.machine(8).job(1, 0, -1, 2).workload();

    assertThat(workload.jobs()).containsExactly(new ReferenceJob(1, 0, 10, -1, 2));
  }

  @Test
  void aMissingEstimateIsTheRunTimeAndAGivenOneIsKept() {
    ReferenceWorkload workload = TinyTrace.machine(8)
        .job(1, 0, 50, 1)
        .job(2, 0, 50, 1, 300)
        .workload();

    assertThat(workload.jobs()).extracting(ReferenceJob::requestedTime).containsExactly(50L, 300L);
  }

  @Test
  void takesTheLargerOfAllocatedAndRequestedProcessors() throws IOException {
    String swf = """
        ; MaxNodes: 64
        1 0 -1 10  4 -1 -1 16 -1 -1 1 1 1 1 1 1 -1 -1
        2 0 -1 10 32 -1 -1  8 -1 -1 1 1 1 1 1 1 -1 -1
        3 0 -1 10 -1 -1 -1  2 -1 -1 1 1 1 1 1 1 -1 -1
        """;

    ReferenceWorkload workload = ReferenceWorkload.from(SwfReader.read(new StringReader(swf)));

    assertThat(workload.jobs()).extracting(ReferenceJob::procs).containsExactly(16, 32, 2);
  }

  @Test
  void theMachineComesFromMaxNodesAndMaxProcs() {
    assertThat(TinyTrace.machine(1152, 9216).workload().machine())
        .isEqualTo(new MachineShape(1152, 9216));
    assertThat(TinyTrace.machine(1152, 9216).workload().machine().nodesFor(9)).isEqualTo(2);
  }

  @Test
  void withoutMaxProcsEachNodeHasOneProcessor() throws IOException {
    ReferenceWorkload workload =
        ReferenceWorkload.from(SwfReader.read(new StringReader("; MaxNodes: 256\n")));

    assertThat(workload.machine()).isEqualTo(new MachineShape(256, 256));
  }

  @Test
  void aTraceWithoutMaxNodesCannotBeReplayed() {
    assertThatThrownBy(() -> ReferenceWorkload.from(SwfReader.read(new StringReader(
        "1 0 -1 10 1 -1 -1 1 -1 -1 1 1 1 1 1 1 -1 -1\n"))))
        .hasMessage("the trace header has no MaxNodes");
  }

  @Test
  void aJobLargerThanTheMachineIsRejected() {
    assertThatThrownBy(() -> TinyTrace.machine(4).job(7, 0, 10, 5).workload())
        .hasMessage("job 7 needs 5 processors, the machine has 4");
  }

  @Test
  void aWindowMustLieInsideTheFilteredTrace() {
    ReferenceWorkload workload = TinyTrace.machine(4).job(1, 0, 10, 1).job(2, 0, 10, 1).workload();

    assertThat(workload.jobsOf(new Window(1, 1))).extracting(ReferenceJob::jobId)
        .containsExactly(2L);
    assertThatThrownBy(() -> workload.jobsOf(new Window(1, 2)))
        .hasMessage("window 1:2 ends past the last of the trace's 2 jobs");
  }
}
