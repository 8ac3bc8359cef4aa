package io.jslurm.slurmctld.rpc;

import io.jslurm.common.Version;
import io.jslurm.protocol.proto.AllocateResourcesRequest;
import io.jslurm.protocol.proto.CancelJobRequest;
import io.jslurm.protocol.proto.CompleteAllocationRequest;
import io.jslurm.protocol.proto.ConfigInfoRequest;
import io.jslurm.protocol.proto.JobControlRequest;
import io.jslurm.protocol.proto.JobStepCreateRequest;
import io.jslurm.protocol.proto.StepCompleteRequest;
import io.jslurm.protocol.proto.StepInfoRequest;
import io.jslurm.protocol.proto.JobComplete;
import io.jslurm.protocol.proto.JobInfoRequest;
import io.jslurm.protocol.proto.NodeHeartbeat;
import io.jslurm.protocol.proto.NodeInfoRequest;
import io.jslurm.protocol.proto.NodeRegistration;
import io.jslurm.protocol.proto.PartitionInfoRequest;
import io.jslurm.protocol.proto.Ping;
import io.jslurm.protocol.proto.Pong;
import io.jslurm.protocol.proto.ReconfigureRequest;
import io.jslurm.protocol.proto.SubmitBatchJobRequest;
import io.jslurm.protocol.proto.UpdateJobRequest;
import io.jslurm.protocol.proto.UpdateNodeRequest;
import io.jslurm.protocol.proto.UpdatePartitionRequest;
import io.jslurm.protocol.rpc.Execution;
import io.jslurm.protocol.rpc.Permission;
import io.jslurm.protocol.rpc.RpcTable;
import io.jslurm.protocol.wire.EnvelopeType;
import io.jslurm.slurmctld.step.StepHandlers;
import io.jslurm.protocol.proto.StatsInfoRequest;
import io.jslurm.slurmctld.stats.StatsHandlers;
import io.jslurm.protocol.proto.PriorityFactorsRequest;
import io.jslurm.protocol.proto.ShareInfoRequest;
import io.jslurm.slurmctld.fairshare.PriorityHandlers;
import io.jslurm.protocol.proto.DbdAssocChanged;
import io.jslurm.slurmctld.assoc.AssocPushHandler;
import io.jslurm.protocol.proto.ReservationInfoRequest;
import io.jslurm.protocol.proto.ReservationRequest;
import io.jslurm.slurmctld.resv.ReservationHandlers;
import java.time.InstantSource;
import java.util.List;

/**
 * The controller's RPC table: every request it serves, who may send it, and where it runs. Handlers that touch
 * the job journal or take the job lock run on workers; only ping runs on the event loop, and submit, which starts
 * there and is answered when the journal has synced its job.
 */
public final class ControllerRpc {

    private ControllerRpc() {
    }

    public static List<RpcTable> tables(JobHandlers jobs, NodeHandlers nodes, ControlHandlers control,
                                        StepHandlers steps, StatsHandlers stats, InstantSource clock,
                                        PriorityHandlers priority, AssocPushHandler assocPush,
                                        ReservationHandlers reservations) {
        RpcTable client = RpcTable.builder(EnvelopeType.CLIENT)
                .route(Ping.class, Permission.USER, Execution.EVENT_LOOP, call -> pong(clock))
                // Answered from the journal's sync, so it starts on the event loop and holds no worker.
                .routeAsync(SubmitBatchJobRequest.class, Permission.USER, Execution.EVENT_LOOP, jobs::submitAsync)
                .route(JobInfoRequest.class, Permission.USER, Execution.WORKER, jobs::info)
                .route(CancelJobRequest.class, Permission.USER, Execution.WORKER, jobs::cancel)
                .route(JobControlRequest.class, Permission.USER, Execution.WORKER, jobs::control)
                .route(UpdateJobRequest.class, Permission.USER, Execution.WORKER, jobs::update)
                .route(NodeInfoRequest.class, Permission.USER, Execution.WORKER, nodes::info)
                .route(PartitionInfoRequest.class, Permission.USER, Execution.WORKER, control::partitions)
                .route(ConfigInfoRequest.class, Permission.USER, Execution.WORKER, control::configuration)
                .route(UpdateNodeRequest.class, Permission.OPERATOR, Execution.WORKER, nodes::update)
                .route(UpdatePartitionRequest.class, Permission.ADMINISTRATOR, Execution.WORKER,
                        control::updatePartition)
                .route(ReconfigureRequest.class, Permission.ADMINISTRATOR, Execution.WORKER, control::reconfigure)
                .route(AllocateResourcesRequest.class, Permission.USER, Execution.WORKER, steps::allocate)
                .route(CompleteAllocationRequest.class, Permission.USER, Execution.WORKER, steps::completeAllocation)
                .route(JobStepCreateRequest.class, Permission.USER, Execution.WORKER, steps::create)
                .route(StepCompleteRequest.class, Permission.USER, Execution.WORKER, steps::stepComplete)
                .route(StepInfoRequest.class, Permission.USER, Execution.WORKER, steps::info)
                .route(io.jslurm.protocol.proto.StepStatRequest.class, Permission.USER, Execution.WORKER, steps::stat)
                .route(StatsInfoRequest.class, Permission.USER, Execution.WORKER, stats::info)
                .route(PriorityFactorsRequest.class, Permission.USER, Execution.WORKER, priority::factors)
                .route(ShareInfoRequest.class, Permission.USER, Execution.WORKER, priority::shares)
                .route(ReservationRequest.class, Permission.OPERATOR, Execution.WORKER, reservations::change)
                .route(ReservationInfoRequest.class, Permission.USER, Execution.WORKER, reservations::info)
                .build();
        RpcTable node = RpcTable.builder(EnvelopeType.NODE)
                .route(Ping.class, Permission.USER, Execution.EVENT_LOOP, call -> pong(clock))
                .route(NodeRegistration.class, Permission.SLURM_USER, Execution.WORKER, nodes::register)
                .route(NodeHeartbeat.class, Permission.SLURM_USER, Execution.WORKER, nodes::heartbeat)
                .route(JobComplete.class, Permission.SLURM_USER, Execution.WORKER, nodes::complete)
                .build();
        // slurmdbd's pushes of sacctmgr's changes: daemon credentials only.
        RpcTable dbd = RpcTable.builder(EnvelopeType.DBD)
                .route(DbdAssocChanged.class, Permission.SLURM_USER, Execution.WORKER, assocPush)
                .build();
        return List.of(client, node, dbd);
    }

    private static Pong pong(InstantSource clock) {
        return Pong.newBuilder().setServerTimeMs(clock.instant().toEpochMilli()).setServerVersion(Version.current())
                .build();
    }
}
