package io.jslurm.slurmctld.accounting;

import io.jslurm.common.tres.BillingWeights;
import io.jslurm.protocol.proto.AcctJob;
import io.jslurm.slurmctld.job.Allocation;
import io.jslurm.slurmctld.job.GresRequest;
import io.jslurm.slurmctld.job.Job;
import io.jslurm.slurmctld.job.JobSpec;
import io.jslurm.slurmctld.job.JobStatus;
import io.jslurm.slurmctld.job.MemoryRequest;
import java.util.List;

/**
 * A controller job as accounting records it. TRES go by name ({@code cpu=8,mem=64G,node=1,billing=8,gres/gpu=2});
 * the controller's transient states are recorded as the state accounting knows (configuring and
 * completing jobs are running).
 */
public final class JobAccounting {

    private JobAccounting() {
    }

    /** The record with every job billed its CPU count (no TRESBillingWeights). */
    public static AcctJob record(String cluster, Job job, long recordTimeMillis) {
        return record(cluster, job, recordTimeMillis, null);
    }

    /** The record with the billing TRES as the job's partition weighs it. */
    public static AcctJob record(String cluster, Job job, long recordTimeMillis, JobBilling billing) {
        JobSpec spec = job.spec();
        JobStatus status = job.status();
        AcctJob.Builder b = AcctJob.newBuilder()
                .setCluster(cluster).setJobId((int) job.jobId()).setSubmitTime(status.submitTime())
                .setName(spec.name()).setUserName(spec.user()).setUid(spec.uid()).setGid(spec.gid())
                .setAccount(spec.account()).setPartition(spec.partition()).setQos(spec.qos())
                .setState(state(status)).setReason(status.reason().toString())
                .setExitCode(status.exitCode().status()).setExitSignal(status.exitCode().signal())
                .setDerivedExitCode(status.derivedExitCode().status()).setDerivedExitSignal(status.derivedExitCode().signal())
                .setPriority((int) Math.min(status.priority(), 0xFFFF_FFFFL))
                .setTresRequested(requested(spec, billing)).setReqCpus(requestedCpus(spec))
                .setEligibleTime(status.eligibleTime()).setStartTime(status.startTime()).setEndTime(status.endTime())
                .setWorkDir(spec.workDir()).setStdIn(spec.stdIn()).setStdOut(spec.stdOut()).setStdErr(spec.stdErr())
                .setComment(spec.comment()).setRestartCount(status.restartCount()).setRecordTimeMs(recordTimeMillis);
        if (job.arrayJobId() != 0) {
            b.setArrayJobId((int) job.arrayJobId()).setArrayTaskId(job.arrayTaskId());
        }
        MemoryRequest memory = spec.resources().memory();
        if (memory.per() == MemoryRequest.Per.NODE || memory.per() == MemoryRequest.Per.CPU) {
            b.setReqMemMb(memory.mebibytes()).setMemPerCpu(memory.per() == MemoryRequest.Per.CPU);
        }
        spec.resources().timeLimit().filter(limit -> !limit.isUnlimited())
                .ifPresent(limit -> b.setTimeLimitMinutes((int) limit.minutes()));
        Allocation allocation = status.allocation();
        if (!allocation.isEmpty()) {
            b.setNodeList(allocation.nodeList()).setAllocNodes(allocation.nodeCount()).setAllocCpus(allocation.cpus())
                    .setTresAllocated(tres(spec.partition(), allocation.cpus(),
                            allocation.memoryMiB() * allocation.nodeCount(), allocation.nodeCount(),
                            gpus(allocation.gres(), allocation.nodeCount()), billing));
        }
        return b.build();
    }

    static String state(JobStatus status) {
        return switch (status.state()) {
            case CONFIGURING, COMPLETING -> "RUNNING";
            default -> status.state().name();
        };
    }

    private static String requested(JobSpec spec, JobBilling billing) {
        int nodes = Math.max(1, spec.resources().minNodes());
        MemoryRequest memory = spec.resources().memory();
        long cpus = requestedCpus(spec);
        long mem = switch (memory.per()) {
            case NODE -> memory.mebibytes() * nodes;
            case CPU -> memory.mebibytes() * cpus;
            default -> 0;
        };
        return tres(spec.partition(), cpus, mem, nodes, gpus(spec.resources().gres(), nodes), billing);
    }

    private static int requestedCpus(JobSpec spec) {
        var r = spec.resources();
        return Math.max(1, Math.max(1, r.ntasks()) * Math.max(1, r.cpusPerTask()));
    }

    static long gpus(List<GresRequest> gres, int nodes) {
        return gres.stream().filter(g -> g.name().equals("gpu"))
                .mapToLong(g -> g.per() == GresRequest.Per.NODE ? g.count() * nodes : g.count()).sum();
    }

    /** @param billing how the partition weighs TRES; null bills the CPU count */
    private static String tres(String partition, long cpus, long memMiB, long nodes, long gpus, JobBilling billing) {
        StringBuilder t = new StringBuilder("cpu=").append(cpus);
        if (memMiB > 0) {
            t.append(",mem=").append(memMiB).append('M');
        }
        long billed = billing == null ? cpus
                : BillingWeights.whole(billing.billable(partition, cpus, memMiB, nodes, gpus));
        t.append(",node=").append(nodes).append(",billing=").append(billed);
        if (gpus > 0) {
            t.append(",gres/gpu=").append(gpus);
        }
        return t.toString();
    }
}
