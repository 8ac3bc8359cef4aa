package io.jslurm.sim.slurm;

import io.jslurm.sched.model.Allocation;
import io.jslurm.sched.model.CoreSet;
import io.jslurm.sched.model.Node;
import io.jslurm.sched.model.NodeAllocation;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The nodes of the simulated cluster with what running jobs hold on them, kept up to date as jobs
 * start and end, so that each pass's snapshot needs no recomputation.
 */
final class NodeStates {

  private final Node[] nodes;
  private final Map<String, Integer> index = new HashMap<>();

  NodeStates(List<Node> idle) {
    nodes = idle.toArray(Node[]::new);
    for (int i = 0; i < nodes.length; i++) {
      index.put(nodes[i].name(), i);
    }
  }

  List<Node> nodes() {
    return Arrays.asList(nodes);
  }

  void allocate(Allocation allocation) {
    change(allocation, true);
  }

  void release(Allocation allocation) {
    change(allocation, false);
  }

  private void change(Allocation allocation, boolean take) {
    for (NodeAllocation part : allocation.nodes()) {
      int i = index.get(part.node());
      Node node = nodes[i];
      Set<Integer> gpus = new HashSet<>(node.allocatedGres());
      if (take) {
        gpus.addAll(part.gpus());
      } else {
        gpus.removeAll(part.gpus());
      }
      nodes[i] = with(node,
          take ? node.allocatedCores().union(part.cores()) : node.allocatedCores().minus(part.cores()),
          node.allocatedMemory() + (take ? part.memoryMib() : -part.memoryMib()), gpus);
    }
  }

  private static Node with(Node node, CoreSet cores, long memory, Set<Integer> gpus) {
    return new Node(node.name(), node.sockets(), node.coresPerSocket(), node.threadsPerCore(),
        node.memoryMib(), node.gres(), node.features(), node.weight(), node.state(),
        node.stateReason(), cores, memory, gpus);
  }
}
