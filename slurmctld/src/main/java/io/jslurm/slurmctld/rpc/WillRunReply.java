package io.jslurm.slurmctld.rpc;

import io.jslurm.protocol.RpcException;
import io.jslurm.protocol.proto.WillRun;
import io.jslurm.slurmctld.job.JobSpec;
import io.jslurm.slurmctld.schedule.SchedulingLoop;

/**
 * Slurm's will-run test (sbatch, srun and salloc --test-only): the validated job planned, never queued, and the
 * answer saying when, where and on how many processors it would start.
 */
public final class WillRunReply {

    private WillRunReply() {
    }

    /** The estimate, also giving the id the job would get (not taken) in {@code jobId}. */
    public record Answer(long jobId, WillRun willRun) {
    }

    /** @throws RpcException ESLURM_REQUESTED_NODE_CONFIG_UNAVAILABLE when it could not start within the look-ahead */
    public static Answer of(SchedulingLoop loop, JobSpec spec) throws RpcException {
        var estimate = loop.willRun(spec).orElseThrow(() -> SlurmError.NODE_CONFIG_UNAVAILABLE.exception(
                "the job could not start within the scheduler's look-ahead (bf_window)"));
        return new Answer(estimate.jobId(), WillRun.newBuilder()
                .setStartTime(estimate.start().getEpochSecond())
                .setProcessors(estimate.allocation().cpus())
                .setNodeList(estimate.allocation().nodeList())
                .setPartition(estimate.partition())
                .build());
    }
}
