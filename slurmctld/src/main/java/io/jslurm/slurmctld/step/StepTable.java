package io.jslurm.slurmctld.step;

import io.jslurm.protocol.proto.ResourceUsage;
import io.jslurm.protocol.proto.StepRecord;
import io.jslurm.slurmctld.accounting.StepUsage;
import io.jslurm.slurmctld.job.ExitCode;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * The steps of each job: the next step id (0, 1, ... per job) and what each step ran. Kept in memory: after a
 * controller restart a job's step ids start again at the next id srun asks for.
 */
public final class StepTable {

    private final Map<Long, TreeMap<Integer, StepRecord>> byJob = new HashMap<>();
    private final Map<Long, Map<Integer, StepUsage>> usageByJob = new HashMap<>();
    /** What each running step holds by node: the job's next steps wait for it or go to other CPUs and GPUs. */
    private final Map<Long, Map<Integer, Map<String, StepHold>>> holdsByJob = new HashMap<>();

    /** Reserves the next step id of the job and records the step as RUNNING. */
    public synchronized StepRecord add(long jobId, StepRecord.Builder step) {
        TreeMap<Integer, StepRecord> steps = byJob.computeIfAbsent(jobId, id -> new TreeMap<>());
        int stepId = steps.isEmpty() ? 0 : steps.lastKey() + 1;
        StepRecord record = step.setJobId((int) jobId).setStepId(stepId).setState("RUNNING").build();
        steps.put(stepId, record);
        return record;
    }

    /** Records what the step holds on each node until it ends (a step that overlaps others holds nothing). */
    public synchronized void hold(long jobId, int stepId, Map<String, StepHold> byNode) {
        holdsByJob.computeIfAbsent(jobId, id -> new HashMap<>()).put(stepId, Map.copyOf(byNode));
    }

    /**
     * The step's tasks ended on every node (their slurmds said so) though srun has not reported the step's end yet,
     * or never will (it was killed): what it held is free for the job's next steps.
     */
    public synchronized void release(long jobId, int stepId) {
        holdsByJob.getOrDefault(jobId, new HashMap<>()).remove(stepId);
    }

    /** What the job's running steps hold on each node, together. */
    public synchronized Map<String, StepHold> busy(long jobId) {
        Map<String, StepHold> busy = new HashMap<>();
        TreeMap<Integer, StepRecord> steps = byJob.getOrDefault(jobId, new TreeMap<>());
        holdsByJob.getOrDefault(jobId, Map.of()).forEach((stepId, byNode) -> {
            StepRecord step = steps.get(stepId);
            if (step != null && step.getState().equals("RUNNING")) {
                byNode.forEach((node, hold) -> busy.merge(node, hold, StepHold::plus));
            }
        });
        return busy;
    }

    /** @return false when the job has no such step */
    public synchronized boolean finish(long jobId, int stepId, int exitCode, int termSignal, String state,
                                       long endTime) {
        TreeMap<Integer, StepRecord> steps = byJob.get(jobId);
        if (steps == null || !steps.containsKey(stepId)) {
            return false;
        }
        steps.put(stepId, steps.get(stepId).toBuilder().setExitCode(exitCode).setTermSignal(termSignal)
                .setState(state).setEndTime(endTime).build());
        holdsByJob.getOrDefault(jobId, new HashMap<>()).remove(stepId);
        return true;
    }

    /** The worst exit code among the job's ended steps ({@code 0:0} when none ended or none failed). */
    public synchronized ExitCode worstExit(long jobId) {
        ExitCode worst = ExitCode.SUCCESS;
        for (StepRecord step : byJob.getOrDefault(jobId, new TreeMap<>()).values()) {
            if (!step.getState().equals("RUNNING")) {
                worst = ExitCode.worse(worst, ExitCode.of(step.getExitCode() & 0xff, step.getTermSignal() & 0x7f));
            }
        }
        return worst;
    }

    /** The job's steps that still run, ended with the job; returns those it ended. */
    public synchronized List<StepRecord> endJob(long jobId, long endTime) {
        TreeMap<Integer, StepRecord> steps = byJob.get(jobId);
        List<StepRecord> ended = new ArrayList<>();
        if (steps != null) {
            steps.replaceAll((id, step) -> {
                if (!step.getState().equals("RUNNING")) {
                    return step;
                }
                StepRecord cancelled = step.toBuilder().setState("CANCELLED").setEndTime(endTime).build();
                ended.add(cancelled);
                return cancelled;
            });
        }
        holdsByJob.remove(jobId);
        return ended;
    }

    /**
     * A node's report of what the step used there (the step may have ended already: nodes report after srun).
     *
     * @return the step, or empty when the job has no such step
     */
    public synchronized Optional<StepRecord> addUsage(long jobId, int stepId, String node, ResourceUsage usage) {
        Optional<StepRecord> step = get(jobId, stepId);
        step.ifPresent(found -> usageByJob.computeIfAbsent(jobId, id -> new HashMap<>())
                .merge(stepId, StepUsage.NONE.with(node, usage), (old, fresh) -> old.with(node, usage)));
        return step;
    }

    /** What the step's nodes reported so far. */
    public synchronized StepUsage usage(long jobId, int stepId) {
        return usageByJob.getOrDefault(jobId, Map.of()).getOrDefault(stepId, StepUsage.NONE);
    }

    public synchronized Optional<StepRecord> get(long jobId, int stepId) {
        TreeMap<Integer, StepRecord> steps = byJob.get(jobId);
        return steps == null ? Optional.empty() : Optional.ofNullable(steps.get(stepId));
    }

    public synchronized List<StepRecord> of(List<Long> jobIds) {
        List<StepRecord> found = new ArrayList<>();
        byJob.entrySet().stream().sorted(Map.Entry.comparingByKey())
                .filter(e -> jobIds.isEmpty() || jobIds.contains(e.getKey()))
                .forEach(e -> found.addAll(e.getValue().values()));
        return found;
    }
}
