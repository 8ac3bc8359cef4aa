package io.jslurm.slurmctld.rpc;

import io.jslurm.common.time.TimeLimit;
import io.jslurm.conf.ConfException;
import io.jslurm.conf.slurm.NodeConfig;
import io.jslurm.conf.slurm.PartitionConfig;
import io.jslurm.protocol.RpcException;
import io.jslurm.protocol.proto.ConfigEntry;
import io.jslurm.protocol.proto.ConfigInfoRequest;
import io.jslurm.protocol.proto.ConfigInfoResponse;
import io.jslurm.protocol.proto.PartitionState;
import io.jslurm.protocol.proto.ReconfigureResponse;
import io.jslurm.protocol.proto.UpdatePartitionRequest;
import io.jslurm.protocol.proto.UpdatePartitionResponse;
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

    /** One change to the running configuration, refused as a whole when any part of it is. */
    @FunctionalInterface
    public interface ConfigChange {
        ClusterConfig apply(ClusterConfig running) throws RpcException;
    }

    /** Applies a change to the running configuration, serialized with reconfigure, and lets scheduling see it. */
    @FunctionalInterface
    public interface ConfigChanger {
        void change(ConfigChange change) throws RpcException;
    }

    private final Supplier<ClusterConfig> config;
    private final Reconfigurer reconfigurer;
    private final ConfigChanger changer;
    private final InstantSource clock;

    public ControlHandlers(Supplier<ClusterConfig> config, Reconfigurer reconfigurer, ConfigChanger changer,
                           InstantSource clock) {
        this.config = config;
        this.reconfigurer = reconfigurer;
        this.changer = changer;
        this.clock = clock;
    }

    /** scontrol show config: every setting slurm.conf makes, as written, by key. */
    public ConfigInfoResponse configuration(RpcCall<ConfigInfoRequest> call) {
        ConfigInfoResponse.Builder response = ConfigInfoResponse.newBuilder()
                .setLastUpdate(clock.instant().getEpochSecond());
        new java.util.TreeMap<>(config.get().slurm().settings()).forEach((key, pair) ->
                response.addEntries(ConfigEntry.newBuilder().setKey(key).setValue(pair.value())));
        return response.build();
    }

    /** scontrol update PartitionName=...: in force at once, until the next reconfigure or restart. */
    public UpdatePartitionResponse updatePartition(RpcCall<UpdatePartitionRequest> call) throws RpcException {
        changer.change(running -> PartitionUpdate.apply(running, call.request()));
        return UpdatePartitionResponse.getDefaultInstance();
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
                .setName(p.name()).setNodes(p.nodes().ranged()).setIsDefault(p.isDefault())
                .setState(PartitionState.valueOf("PARTITION_" + p.state().name()))
                .setMaxTimeMinutes(minutes(p.maxTime())).setMinNodes(p.minNodes())
                .setMaxNodes(p.maxNodes().orElse(SubmitValidator.UNLIMITED_MINUTES))
                .setAllowGroups(names(p.allowGroups())).setAllowAccounts(names(p.allowAccounts()))
                .setAllowQos(names(p.allowQos())).setDenyAccounts(String.join(",", p.denyAccounts()))
                .setDenyQos(String.join(",", p.denyQos())).setHidden(p.hidden()).setExclusiveUser(p.exclusiveUser())
                .setPriorityTier(p.priorityTier()).setPriorityJobFactor(p.priorityJobFactor())
                .setOversubscribe(p.overSubscribe().toString()).setQos(p.qos().orElse(""))
                .setTotalNodes(p.nodes().size()).setTotalCpus(cpus)
                .setTresBillingWeights(p.billingWeights().text());
        p.defaultTime().ifPresent(t -> b.setDefaultTimeMinutes(minutes(t)));
        // The partition's own PreemptMode, else the cluster's, as scontrol show partition prints it.
        var modes = p.preemptMode().isEmpty() ? cfg.slurm().scheduling().preemptMode() : p.preemptMode();
        b.setPreemptMode(modes.stream().sorted(java.util.Comparator.comparing((io.jslurm.conf.slurm.PreemptMode m)
                        -> m == io.jslurm.conf.slurm.PreemptMode.GANG || m == io.jslurm.conf.slurm.PreemptMode.WITHIN)
                        .thenComparing(m -> m)).map(m -> m.confName())
                .reduce((x, y) -> x + "," + y).orElse("OFF"))
                .setGraceTimeSeconds((int) p.graceTime().toSeconds());
        return b.build();
    }

    /** Slurm prints an unrestricted list as ALL. */
    private static String names(java.util.List<String> names) {
        return names.isEmpty() ? "ALL" : String.join(",", names);
    }

    private static int minutes(TimeLimit limit) {
        return limit.isUnlimited() ? SubmitValidator.UNLIMITED_MINUTES : (int) limit.minutes();
    }

    public ReconfigureResponse reconfigure(RpcCall<ReconfigureRequest> call) throws RpcException {
        try {
            reconfigurer.reconfigure();
            return ReconfigureResponse.getDefaultInstance();
        } catch (ConfException e) {
            throw SlurmError.INVALID_CONFIGURATION.exception(e.getMessage());
        }
    }
}
