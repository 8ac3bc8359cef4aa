package io.jslurm.sched.select;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Chooses the nodes of a job among ranked candidates: nodes are filled in order, each taking as many tasks as it
 * holds while leaving one task for every node still needed to reach the minimum node count.
 */
final class NodeSelector {

    private NodeSelector() {
    }

    /**
     * @param required how many of the first candidates must all be used (the job's -w nodes)
     * @param gapFails whether a candidate that takes nothing ends the attempt (contiguous allocations)
     */
    static Optional<List<Placement>> select(JobShape job, RankedCandidates ordered, int required, boolean gapFails) {
        List<Placement> chosen = new ArrayList<>();
        int remainingTasks = job.ntasks;
        int remainingGpus = job.totalGpus();
        for (int i = 0; i < ordered.size(); i++) {
            boolean mustUse = i < required;
            if (!mustUse && complete(job, chosen.size(), remainingTasks, remainingGpus)) {
                break;
            }
            if (chosen.size() == job.maxNodes) {
                return Optional.empty();
            }
            Candidate candidate = ordered.get(i);
            int tasks = tasksFor(job, candidate, chosen.size(), remainingTasks);
            if (tasks > 0 && !mustUse && !restCanFollow(job, ordered, i, chosen.size(), remainingTasks - tasks)) {
                tasks = 0;
            }
            if (tasks == 0) {
                if (mustUse || gapFails) {
                    return Optional.empty();
                }
                continue;
            }
            int gpus = job.gpusPerJob()
                    ? NodeCapacity.maxGpus(job, candidate.node(), tasks, remainingGpus)
                    : job.gpusFor(tasks);
            chosen.add(new Placement(candidate.node(), job.demand(candidate.node(), tasks, gpus)));
            remainingTasks -= tasks;
            if (job.gpusPerJob()) {
                remainingGpus -= gpus;
            }
        }
        return complete(job, chosen.size(), remainingTasks, remainingGpus) ? Optional.of(chosen) : Optional.empty();
    }

    /**
     * With a node limit, a node is only worth taking if the tasks left after it still fit on the largest of the
     * remaining candidates: otherwise a best-fit node with little room would use up the limit (a one-node job must
     * go to a node that holds it all).
     */
    private static boolean restCanFollow(JobShape job, RankedCandidates ordered, int current, int chosen,
            int tasksLeft) {
        int slotsLeft = job.maxNodes - chosen - 1;
        if (tasksLeft <= 0) {
            return true;
        }
        if (slotsLeft <= 0) {
            return false;
        }
        if (slotsLeft >= ordered.size() - current - 1) {
            return true;
        }
        return ordered.largestAfter(current, slotsLeft) >= tasksLeft;
    }

    private static boolean complete(JobShape job, int nodes, int remainingTasks, int remainingGpus) {
        return nodes >= job.minNodes && remainingTasks == 0 && remainingGpus == 0;
    }

    private static int tasksFor(JobShape job, Candidate candidate, int chosen, int remainingTasks) {
        if (job.request.ntasksPerNode().isPresent()) {
            int wanted = Math.min(job.request.ntasksPerNode().getAsInt(), remainingTasks);
            return wanted > 0 && candidate.maxTasks() >= wanted ? wanted : 0;
        }
        int nodesStillNeeded = Math.max(0, job.minNodes - chosen - 1);
        return Math.max(0, Math.min(candidate.maxTasks(), remainingTasks - nodesStillNeeded));
    }

    /** The first run of consecutive usable nodes, in slurm.conf order, that holds the job. */
    static Optional<List<Placement>> selectContiguous(JobShape job, List<Candidate> inNodeOrder,
            List<NodeFree> partitionNodes, int ids) {
        int position = 0;
        List<List<Candidate>> runs = new ArrayList<>();
        List<Candidate> run = new ArrayList<>();
        for (NodeFree node : partitionNodes) {
            if (position < inNodeOrder.size() && inNodeOrder.get(position).node() == node) {
                run.add(inNodeOrder.get(position++));
            } else if (!run.isEmpty()) {
                runs.add(run);
                run = new ArrayList<>();
            }
        }
        if (!run.isEmpty()) {
            runs.add(run);
        }
        for (List<Candidate> candidates : runs) {
            for (int start = 0; start < candidates.size(); start++) {
                CandidateOrder order = CandidateOrder.asGiven(candidates.subList(start, candidates.size()), ids);
                Optional<List<Placement>> chosen = select(job, order, 0, true);
                if (chosen.isPresent()) {
                    return chosen;
                }
            }
        }
        return Optional.empty();
    }
}
