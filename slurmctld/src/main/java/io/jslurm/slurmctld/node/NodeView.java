package io.jslurm.slurmctld.node;

import io.jslurm.conf.slurm.NodeConfig;
import io.jslurm.protocol.proto.NodeRegistration;
import java.time.Instant;
import java.util.Objects;
import java.util.Optional;

/**
 * One node as the controller sees it at a moment: its configuration, state and what its slurmd last said.
 *
 * @param reasonTime epoch seconds the reason was set, 0 without a reason
 * @param lastHeard when slurmd last registered or sent a heartbeat (the controller's start when never)
 * @param registration the last registration, empty until slurmd registers
 */
public record NodeView(NodeConfig config, NodeBaseState base, boolean drain, boolean notResponding, String reason,
                       long reasonTime, long reasonUid, Instant lastHeard, Optional<NodeRegistration> registration,
                       double cpuLoad, long freeMemoryMb) {

    public NodeView {
        Objects.requireNonNull(config, "config");
        Objects.requireNonNull(base, "base");
        Objects.requireNonNull(reason, "reason");
        Objects.requireNonNull(lastHeard, "lastHeard");
        Objects.requireNonNull(registration, "registration");
    }

    public String name() {
        return config.name();
    }

    /** This node with its configuration changed at run time (features, weight); its state is kept. */
    public NodeView withConfig(NodeConfig changed) {
        return new NodeView(changed, base, drain, notResponding, reason, reasonTime, reasonUid, lastHeard,
                registration, cpuLoad, freeMemoryMb);
    }

    /** New jobs may start here. */
    public boolean schedulable() {
        return base == NodeBaseState.UP && !drain && !notResponding;
    }

    /** The slurmd port: the one it registered with, else the node's Port=, else SlurmdPort. */
    public int slurmdPort(int clusterSlurmdPort) {
        if (registration.isPresent() && registration.get().getSlurmdPort() > 0) {
            return registration.get().getSlurmdPort();
        }
        return config.port() > 0 ? config.port() : clusterSlurmdPort;
    }

    /** As scontrol prints it, e.g. {@code IDLE+DRAIN}, for log lines. */
    public String stateText(int allocatedCpus) {
        return NodeStateText.of(base, drain, notResponding, allocatedCpus, config.cpus());
    }
}
