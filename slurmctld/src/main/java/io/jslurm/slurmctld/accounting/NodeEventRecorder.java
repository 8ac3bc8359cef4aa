package io.jslurm.slurmctld.accounting;

import io.jslurm.protocol.proto.DbdNodeState;
import io.jslurm.slurmctld.node.NodeBaseState;
import io.jslurm.slurmctld.node.NodeStateListener;
import io.jslurm.slurmctld.node.NodeTable;
import io.jslurm.slurmctld.node.NodeView;
import java.time.InstantSource;
import java.util.Collection;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Consumer;
import java.util.function.Predicate;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Turns node state changes into accounting events, as Slurm keeps them for {@code sacctmgr show event} and
 * sreport's down time: a node going DOWN, DRAIN or DRAINING (or changing between them, or getting a new reason)
 * starts an event with its state, reason and who set it; a node back in service ends its open event.
 * A node that is only not responding, or only changes from idle to busy, is no event.
 */
public final class NodeEventRecorder implements NodeStateListener {

    private static final Logger log = LoggerFactory.getLogger(NodeEventRecorder.class);

    private final Consumer<DbdNodeState> sink;
    private final String cluster;
    private final Predicate<String> busy;
    private final long slurmUserUid;
    private final InstantSource clock;

    /**
     * @param sink where events go (the accounting queue)
     * @param busy whether jobs run on a node, which makes a drained node DRAINING rather than DRAINED
     * @param slurmUserUid who sets the controller's own reasons ("Not responding"), as Slurm records them
     */
    public NodeEventRecorder(Consumer<DbdNodeState> sink, String cluster, Predicate<String> busy, long slurmUserUid,
                             InstantSource clock) {
        this.sink = Objects.requireNonNull(sink, "sink");
        this.cluster = Objects.requireNonNull(cluster, "cluster");
        this.busy = Objects.requireNonNull(busy, "busy");
        this.slurmUserUid = slurmUserUid;
        this.clock = Objects.requireNonNull(clock, "clock");
    }

    @Override
    public void changed(NodeView before, NodeView after) {
        Optional<String> was = eventState(before);
        Optional<String> now = eventState(after);
        long time = clock.instant().getEpochSecond();
        if (now.isPresent()) {
            // Responding again (or not) while down or drained is no new event, as in Slurm.
            if (!now.map(NodeEventRecorder::base).equals(was.map(NodeEventRecorder::base))
                    || !before.reason().equals(after.reason())) {
                send(event(after, now.get(), time));
            }
        } else if (was.isPresent()) {
            send(DbdNodeState.newBuilder().setCluster(cluster).setNodeName(after.name()).setTime(time)
                    .setBackInService(true).build());
        }
    }

    /** The node's change stands even when accounting cannot take its record (a full disk): it is logged instead. */
    private void send(DbdNodeState event) {
        try {
            sink.accept(event);
        } catch (RuntimeException unqueued) {
            log.error("Node {}: event {} not recorded in accounting: {}", event.getNodeName(),
                    event.getBackInService() ? "end" : event.getState(), unqueued.getMessage());
        }
    }

    /**
     * At the controller's start: the nodes out of service as it found them (saved state, or State= in
     * slurm.conf), each from when its reason was set. slurmdbd keeps an open event with the same state and
     * reason as it is, so telling it again at every start changes nothing.
     */
    public void current(Collection<NodeView> nodes) {
        long now = clock.instant().getEpochSecond();
        for (NodeView node : nodes) {
            eventState(node).ifPresent(state -> send(event(node, state,
                    node.reasonTime() > 0 ? node.reasonTime() : now)));
        }
    }

    private DbdNodeState event(NodeView node, String state, long time) {
        long uid = node.reasonUid() == 0 && NodeTable.NOT_RESPONDING.equals(node.reason()) ? slurmUserUid
                : node.reasonUid();
        var config = node.config();
        return DbdNodeState.newBuilder().setCluster(cluster).setNodeName(node.name()).setState(state)
                .setReason(node.reason()).setReasonUid((int) uid).setTime(time)
                .setTres("1=" + config.cpus() + ",2=" + config.realMemory().mebibytes() + ",4=1").build();
    }

    private static String base(String state) {
        return state.endsWith("*") ? state.substring(0, state.length() - 1) : state;
    }

    /**
     * The state an event records, as sacctmgr prints it (Slurm's compact node state names), or empty for a node in
     * service. A drain shows over DOWN; {@code *} marks a node out of service for not responding. (Not the
     * node's not-responding flag itself: every node has it after a controller restart until its slurmd
     * registers, and the state told at a restart must be the one told when the event began.)
     */
    Optional<String> eventState(NodeView node) {
        String star = NodeTable.NOT_RESPONDING.equals(node.reason()) ? "*" : "";
        if (node.drain()) {
            boolean draining = node.base() == NodeBaseState.UP && busy.test(node.name());
            return Optional.of((draining ? "DRNG" : "DRAIN") + star);
        }
        if (node.base() == NodeBaseState.DOWN) {
            return Optional.of("DOWN" + star);
        }
        return Optional.empty();
    }
}
