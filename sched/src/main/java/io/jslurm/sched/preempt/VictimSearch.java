package io.jslurm.sched.preempt;

import io.jslurm.sched.model.Allocation;
import io.jslurm.sched.model.NodeAllocation;
import io.jslurm.sched.model.Partition;
import io.jslurm.sched.model.ResourceRequest;
import io.jslurm.sched.model.RunningJob;
import io.jslurm.sched.plan.Victim;
import io.jslurm.sched.select.FitResult;
import io.jslurm.sched.select.FreeResources;
import io.jslurm.sched.select.ResourceFit;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.LongPredicate;

/**
 * Chooses the running jobs whose removal lets a pending job fit. Candidates are taken cheapest first: jobs that are
 * ending anyway, then lower partition tiers, then lower priority, then the most recently submitted; they are added
 * until the job fits, and then every one the job can do without is given back, the most valuable first. The result
 * is minimal: no victim can be spared.
 */
public final class VictimSearch {

    /** A candidate with the mode it would be preempted with; empty mode for a job already ending. */
    private record Candidate(RunningJob job, Optional<PreemptMode> mode) {

        boolean ending() {
            return mode.isEmpty();
        }

        /** What leaves the node: a suspended job keeps its memory. */
        Allocation freed() {
            if (mode.orElse(PreemptMode.CANCEL) != PreemptMode.SUSPEND) {
                return job.allocation();
            }
            return new Allocation(job.allocation().nodes().stream()
                    .map(n -> new NodeAllocation(n.node(), n.tasks(), n.cores(), 0, n.gpus())).toList());
        }
    }

    /**
     * The outcome for one pending job.
     *
     * @param victims    jobs to preempt now (not those already ending)
     * @param waitingFor jobs already ending whose resources the job will use
     * @param allocation where the job runs once they are gone
     * @param freed      what each chosen job gives back, for the pass's free resources
     */
    public record Found(List<Victim> victims, List<Long> waitingFor, Allocation allocation, List<Allocation> freed) {

        /** Suspending frees cores at once; ending or cancelled jobs must be gone first. */
        public boolean startsNow() {
            return waitingFor.isEmpty() && victims.stream().allMatch(v -> v.mode() == PreemptMode.SUSPEND);
        }
    }

    private final PreemptRelation relation;
    private final ResourceFit fit;

    public VictimSearch(PreemptRelation relation, ResourceFit fit) {
        this.relation = relation;
        this.fit = fit;
    }

    /**
     * @param taken running jobs this pass has already chosen for another preemptor
     */
    public Optional<Found> find(long jobId, ResourceRequest request, Partition partition, List<RunningJob> running,
            FreeResources free, LongPredicate taken) {
        List<Candidate> candidates = candidates(jobId, partition, running, taken);
        List<Candidate> chosen = new ArrayList<>();
        Optional<Allocation> fits = Optional.empty();
        for (Candidate candidate : candidates) {
            chosen.add(candidate);
            fits = tryFit(request, partition, free, chosen);
            if (fits.isPresent()) {
                break;
            }
        }
        if (fits.isEmpty()) {
            return Optional.empty();
        }
        for (int i = chosen.size() - 1; i >= 0 && chosen.size() > 1; i--) {
            List<Candidate> without = new ArrayList<>(chosen);
            without.remove(i);
            Optional<Allocation> still = tryFit(request, partition, free, without);
            if (still.isPresent()) {
                chosen = without;
                fits = still;
            }
        }
        List<Victim> victims = chosen.stream().filter(c -> !c.ending())
                .map(c -> new Victim(c.job().jobId(), c.mode().get())).toList();
        List<Long> waiting = chosen.stream().filter(Candidate::ending).map(c -> c.job().jobId()).toList();
        return Optional.of(new Found(victims, waiting, fits.get(), chosen.stream().map(Candidate::freed).toList()));
    }

    private Optional<Allocation> tryFit(ResourceRequest request, Partition partition, FreeResources free,
            List<Candidate> chosen) {
        FreeResources trial = free.copy();
        chosen.forEach(c -> trial.release(c.freed()));
        return fit.fit(request, partition, trial) instanceof FitResult.Fit fitted
                ? Optional.of(fitted.allocation()) : Optional.empty();
    }

    private List<Candidate> candidates(long jobId, Partition partition, List<RunningJob> running,
            LongPredicate taken) {
        Set<String> nodes = new HashSet<>(partition.nodes());
        PreemptInput input = relation.input();
        List<Candidate> candidates = new ArrayList<>();
        for (RunningJob job : running) {
            if (taken.test(job.jobId()) || job.allocation().nodeNames().stream().noneMatch(nodes::contains)) {
                continue;
            }
            if (input.ending().contains(job.jobId())) {
                candidates.add(new Candidate(job, Optional.empty()));
                continue;
            }
            relation.mode(jobId, partition, job)
                    // as in Slurm, PreemptExemptTime holds off cancelling and requeueing, not suspending
                    .filter(mode -> mode == PreemptMode.SUSPEND || !input.exempt().contains(job.jobId()))
                    .ifPresent(mode -> candidates.add(new Candidate(job, Optional.of(mode))));
        }
        candidates.sort(Comparator.comparing((Candidate c) -> !c.ending())
                .thenComparingInt(c -> relation.tierOf(c.job()))
                .thenComparingLong(c -> input.priorityOf(c.job().jobId()))
                .thenComparingLong(c -> -c.job().jobId()));
        return candidates;
    }
}
