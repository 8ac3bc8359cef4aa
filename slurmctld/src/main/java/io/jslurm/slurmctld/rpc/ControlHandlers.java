package io.jslurm.slurmctld.rpc;

import io.jslurm.common.time.TimeLimit;
import io.jslurm.conf.ConfException;
import io.jslurm.conf.slurm.NodeConfig;
import io.jslurm.conf.slurm.PartitionConfig;
import io.jslurm.protocol.RpcException;
import io.jslurm.protocol.proto.Ack;
import io.jslurm.protocol.proto.PartitionInfoRequest;
import io.jslurm.protocol.proto.PartitionInfoResponse;
import io.jslurm.protocol.proto.PartitionRecord;
import io.jslurm.protocol.proto.ReconfigureRequest;
import io.jslurm.protocol.rpc.RpcCall;
import io.jslurm.slurmctld.config.ClusterConfig;
import java.time.InstantSource;
import java.util.function.Supplier;

/** Partition information and reconfiguration. */
public final class ControlHandlers {

    /** Swaps in a new configuration; throws with file:line messages when the new one cannot be used. */
    @FunctionalInterface
    public interface Reconfigurer {
        void reconfigure() throws ConfException;
    }

    private final Supplier<ClusterConfig> config;
    private final Reconfigurer reconfigurer;
    private final InstantSource clock;

    public ControlHandlers(Supplier<ClusterConfig> config, Reconfigurer reconfigurer, InstantSource clock) {
        this.config = config;
        this.reconfigurer = reconfigurer;
        this.clock = clock;
    }

    public PartitionInfoResponse partitions(RpcCall<PartitionInfoRequest> call) {
        ClusterConfig cfg = config.get();
        PartitionInfoRequest r = call.request();
        PartitionInfoResponse.Builder response = PartitionInfoResponse.newBuilder()
                .setLastUpdate(clock.instant().getEpochSecond());
        for (PartitionConfig p : cfg.slurm().partitions()) {
            boolean named = !r.getName().isEmpty();
            if ((named && !p.name().equals(r.getName())) || (!named && p.hidden() && !r.getShowAll())) {
                continue;
            }
            response.addPartitions(record(p, cfg));
        }
        return response.build();
    }

    private static PartitionRecord record(PartitionConfig p, ClusterConfig cfg) {
        int cpus = 0;
        for (String name : p.nodes().hosts()) {
            cpus += cfg.slurm().node(name).map(NodeConfig::cpus).orElse(0);
        }
        PartitionRecord.Builder b = PartitionRecord.newBuilder()
                .setName(p.name()).setNodes(p.nodes().ranged()).setIsDefault(p.isDefault()).setState(p.state().name())
                .setMaxTimeMinutes(minutes(p.maxTime())).setMinNodes(p.minNodes())
                .addAllAllowGroups(p.allowGroups()).addAllAllowAccounts(p.allowAccounts())
                .addAllAllowQos(p.allowQos()).setHidden(p.hidden()).setPriorityTier(p.priorityTier())
                .setPriorityJobFactor(p.priorityJobFactor()).setOversubscribe(p.overSubscribe().toString())
                .setTotalNodes(p.nodes().size()).setTotalCpus(cpus);
        p.defaultTime().ifPresent(t -> b.setDefaultTimeMinutes(minutes(t)));
        p.maxNodes().ifPresent(b::setMaxNodes);
        return b.build();
    }

    private static int minutes(TimeLimit limit) {
        return limit.isUnlimited() ? SubmitValidator.UNLIMITED_MINUTES : (int) limit.minutes();
    }

    public Ack reconfigure(RpcCall<ReconfigureRequest> call) throws RpcException {
        try {
            reconfigurer.reconfigure();
            return Ack.getDefaultInstance();
        } catch (ConfException e) {
            throw SlurmError.INVALID_CONFIGURATION.exception(e.getMessage());
        }
    }
}
