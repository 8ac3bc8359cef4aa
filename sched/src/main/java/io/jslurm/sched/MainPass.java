package io.jslurm.sched;

import io.jslurm.sched.plan.PendingReason;
import io.jslurm.sched.plan.PendingStatus;
import io.jslurm.sched.preempt.VictimSearch;
import io.jslurm.sched.select.FitResult;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The main scheduler: jobs in strict priority order within each partition. When a partition's first job cannot
 * get resources, the partition stops for this pass and its later jobs wait with reason Priority, so that a big
 * job is not starved by a stream of small ones (backfill may still start those that delay nothing). With
 * preemption on, a job that does not fit first looks for running jobs it may preempt.
 */
final class MainPass {

    private MainPass() {
    }

    /** @return how many jobs the pass tried to fit (sdiag's main scheduler depth) */
    static int run(List<QueueEntry> queue, PassState state, int queueDepth, Optional<VictimSearch> preemption) {
        Map<String, Long> blockedPartitions = new HashMap<>();
        MainFits fits = new MainFits(state);
        int tried = 0;
        for (QueueEntry entry : queue) {
            if (state.started(entry.jobId())) {
                continue;
            }
            // A job held back by a limit waits with the limit's reason and does not hold up its partition.
            Optional<PendingStatus> limited = state.limitStatus(entry);
            if (limited.isPresent()) {
                state.statusIfAbsent(limited.get());
                continue;
            }
            String partition = entry.partition().name();
            Long blocker = blockedPartitions.get(partition);
            if (blocker != null) {
                state.statusIfAbsent(PendingStatus.of(entry.jobId(), PendingReason.PRIORITY, "job " + blocker
                        + " is ahead in partition " + partition + " and waits for resources"));
                continue;
            }
            if (tried == queueDepth) {
                continue;
            }
            tried++;
            FitResult result = fits.fit(entry.job().request(), entry.partition());
            if (result instanceof FitResult.Fit fit) {
                state.start(entry, fit.allocation(), false);
                continue;
            }
            PendingStatus status = state.statusFor(entry, (FitResult.NoFit) result);
            if (status.reason() == PendingReason.RESOURCES && !status.neverSatisfiable() && preemption.isPresent()) {
                Optional<VictimSearch.Found> found = preemption.get().find(entry.jobId(), entry.job().request(),
                        entry.partition(), state.snapshot().running(), state.free(), state::preempted);
                if (found.isPresent()) {
                    state.preempt(entry, found.get());
                    fits.reset();
                    continue;
                }
            }
            if (status.reason() == PendingReason.RESOURCES) {
                blockedPartitions.put(partition, entry.jobId());
            }
            state.statusIfAbsent(status);
        }
        return tried;
    }
}
