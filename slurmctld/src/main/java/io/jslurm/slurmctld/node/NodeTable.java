package io.jslurm.slurmctld.node;

import io.jslurm.conf.slurm.NodeConfig;
import io.jslurm.conf.slurm.NodeStateSetting;
import io.jslurm.protocol.proto.NodeHeartbeat;
import io.jslurm.protocol.proto.NodeRegistration;
import java.time.Duration;
import java.time.Instant;
import java.time.InstantSource;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Every configured node and its state. slurmd registrations and heartbeats keep a node up; silence for half
 * of SlurmdTimeout marks it not responding ({@code *}), silence for SlurmdTimeout sets it DOWN. State changes
 * (not heartbeats) are saved through {@link NodeStateFile} so that a restarted controller keeps drains and downs.
 */
public final class NodeTable {

    private static final Logger log = LoggerFactory.getLogger(NodeTable.class);
    public static final String NOT_RESPONDING = "Not responding";

    private final InstantSource clock;
    private final NodeStateFile stateFile;
    private final NodeStateListener listener;
    private final Map<String, NodeView> nodes = new LinkedHashMap<>();
    private Duration slurmdTimeout;
    private int returnToService;

    public NodeTable(List<NodeConfig> configs, Duration slurmdTimeout, int returnToService, InstantSource clock,
                     NodeStateFile stateFile) {
        this(configs, slurmdTimeout, returnToService, clock, stateFile, NodeStateListener.NONE);
    }

    /** @param listener told of each node state change after it is made */
    public NodeTable(List<NodeConfig> configs, Duration slurmdTimeout, int returnToService, InstantSource clock,
                     NodeStateFile stateFile, NodeStateListener listener) {
        this.clock = Objects.requireNonNull(clock, "clock");
        this.stateFile = Objects.requireNonNull(stateFile, "stateFile");
        this.listener = Objects.requireNonNull(listener, "listener");
        this.slurmdTimeout = slurmdTimeout;
        this.returnToService = returnToService;
        Map<String, NodeStateFile.Saved> saved = stateFile.load();
        Instant now = clock.instant();
        for (NodeConfig config : configs) {
            nodes.put(config.name(), initial(config, saved.get(config.name()), now));
        }
    }

    private static NodeView initial(NodeConfig config, NodeStateFile.Saved saved, Instant now) {
        if (saved != null) {
            // Recovered nodes count as not responding until their slurmd speaks again, as in Slurm.
            return new NodeView(config, saved.base(), saved.drain(), saved.base() != NodeBaseState.FUTURE,
                    saved.reason(), saved.reasonTime(), saved.reasonUid(), now, Optional.empty(), 0, 0);
        }
        NodeStateSetting setting = config.state();
        NodeBaseState base = switch (setting) {
            case DOWN, FAIL -> NodeBaseState.DOWN;
            case FUTURE, CLOUD -> NodeBaseState.FUTURE;
            default -> NodeBaseState.UNKNOWN;
        };
        boolean drain = setting == NodeStateSetting.DRAIN || setting == NodeStateSetting.FAIL
                || setting == NodeStateSetting.FAILING;
        String reason = config.reason().orElse("");
        return new NodeView(config, base, drain, base != NodeBaseState.FUTURE, reason,
                reason.isEmpty() ? 0 : now.getEpochSecond(), 0, now, Optional.empty(), 0, 0);
    }

    public synchronized List<NodeView> all() {
        return List.copyOf(nodes.values());
    }

    public synchronized Optional<NodeView> get(String name) {
        return Optional.ofNullable(nodes.get(name));
    }

    /** The outcome of a registration: the node as it is now, or why it was refused. */
    public record Registered(NodeView node, boolean returnedToService) {
    }

    /**
     * Records a slurmd registration: a node with less hardware than configured is drained; a node down for not
     * responding returns to service as ReturnToService allows.
     *
     * @throws IllegalArgumentException for a node slurm.conf does not define
     */
    public synchronized Registered register(NodeRegistration registration) {
        NodeView node = require(registration.getNodeName());
        Instant now = clock.instant();
        Optional<String> shortfall = HardwareCheck.shortfall(node.config(), registration);
        NodeBaseState base = node.base();
        boolean drain = node.drain();
        String reason = node.reason();
        long reasonTime = node.reasonTime();
        long reasonUid = node.reasonUid();
        boolean returned = false;
        if (base == NodeBaseState.UNKNOWN) {
            base = NodeBaseState.UP;
        } else if (base == NodeBaseState.DOWN && mayReturn(node) && shortfall.isEmpty()) {
            base = NodeBaseState.UP;
            returned = true;
            if (!drain) {
                reason = "";
                reasonTime = 0;
                reasonUid = 0;
            }
        }
        if (shortfall.isPresent()) {
            drain = true;
            reason = shortfall.get();
            reasonTime = now.getEpochSecond();
            reasonUid = 0;
        }
        NodeView updated = new NodeView(node.config(), base, drain, false, reason, reasonTime, reasonUid, now,
                Optional.of(registration), node.cpuLoad(), node.freeMemoryMb());
        boolean changed = put(node, updated);
        if (changed) {
            log.info("Node {} registered: state {}{}", node.name(), updated.stateText(0),
                    reason.isEmpty() ? "" : ", reason \"" + reason + "\"");
            save();
        }
        return new Registered(updated, returned);
    }

    private boolean mayReturn(NodeView node) {
        return returnToService == 2 || (returnToService == 1 && NOT_RESPONDING.equals(node.reason()));
    }

    /**
     * @return false for a node this controller does not know, or one it set DOWN for not responding: it should
     *     register (again), which returns it to service as ReturnToService allows and reconciles its jobs
     */
    public synchronized boolean heartbeat(NodeHeartbeat heartbeat) {
        NodeView node = nodes.get(heartbeat.getNodeName());
        if (node == null || node.registration().isEmpty()
                || (node.base() == NodeBaseState.DOWN && NOT_RESPONDING.equals(node.reason()))) {
            return false;
        }
        boolean wasNotResponding = node.notResponding();
        put(node, new NodeView(node.config(), node.base(), node.drain(), false, node.reason(),
                node.reasonTime(), node.reasonUid(), clock.instant(), node.registration(), heartbeat.getCpuLoad(),
                heartbeat.getFreeMemoryMb()));
        if (wasNotResponding) {
            log.info("Node {} is responding again", node.name());
        }
        return true;
    }

    /**
     * Marks silent nodes: not responding after half of SlurmdTimeout, DOWN after all of it.
     *
     * @return the nodes that went DOWN in this call; their jobs have to end or be requeued
     */
    public synchronized List<String> checkTimeouts() {
        if (slurmdTimeout.isZero()) {
            return List.of();
        }
        Instant now = clock.instant();
        List<String> down = new ArrayList<>();
        for (NodeView node : List.copyOf(nodes.values())) {
            if (node.base() == NodeBaseState.FUTURE) {
                continue;
            }
            Duration silent = Duration.between(node.lastHeard(), now);
            if (silent.compareTo(slurmdTimeout) >= 0 && node.base() != NodeBaseState.DOWN) {
                put(node, new NodeView(node.config(), NodeBaseState.DOWN, node.drain(), true,
                        NOT_RESPONDING, now.getEpochSecond(), 0, node.lastHeard(), node.registration(), 0, 0));
                log.warn("Node {} not responding for {} s, setting DOWN", node.name(), silent.toSeconds());
                down.add(node.name());
            } else if (silent.compareTo(slurmdTimeout.dividedBy(2)) >= 0 && !node.notResponding()) {
                put(node, withNotResponding(node));
                log.info("Node {} not responding for {} s", node.name(), silent.toSeconds());
            }
        }
        if (!down.isEmpty()) {
            save();
        }
        return down;
    }

    private static NodeView withNotResponding(NodeView node) {
        return new NodeView(node.config(), node.base(), node.drain(), true, node.reason(), node.reasonTime(),
                node.reasonUid(), node.lastHeard(), node.registration(), node.cpuLoad(), node.freeMemoryMb());
    }

    /**
     * {@code scontrol update nodename=... state=...}: RESUME/IDLE/UNDRAIN lift a drain or down, DRAIN and DOWN
     * need a reason.
     *
     * @return the nodes that went DOWN (their jobs end)
     * @throws IllegalArgumentException for an unknown node or state, or a missing reason
     */
    public synchronized List<String> update(List<String> names, String state, String reason, long uid) {
        names.forEach(this::require);
        String wanted = state.strip().toUpperCase(java.util.Locale.ROOT);
        if ((wanted.equals("DRAIN") || wanted.equals("DOWN")) && reason.isBlank()) {
            throw new IllegalArgumentException("You must specify a reason when DOWNING or DRAINING a node. Request denied");
        }
        long now = clock.instant().getEpochSecond();
        List<String> down = new ArrayList<>();
        for (String name : names) {
            NodeView n = nodes.get(name);
            NodeView updated = switch (wanted) {
                case "RESUME", "IDLE" -> new NodeView(n.config(), n.base() == NodeBaseState.DOWN
                        ? (n.registration().isPresent() ? NodeBaseState.UP : NodeBaseState.UNKNOWN) : n.base(),
                        false, n.notResponding(), "", 0, 0, n.lastHeard(), n.registration(), n.cpuLoad(),
                        n.freeMemoryMb());
                case "UNDRAIN" -> new NodeView(n.config(), n.base(), false, n.notResponding(),
                        n.base() == NodeBaseState.DOWN ? n.reason() : "", n.base() == NodeBaseState.DOWN
                        ? n.reasonTime() : 0, n.reasonUid(), n.lastHeard(), n.registration(), n.cpuLoad(),
                        n.freeMemoryMb());
                case "DRAIN" -> new NodeView(n.config(), n.base(), true, n.notResponding(), reason, now, uid,
                        n.lastHeard(), n.registration(), n.cpuLoad(), n.freeMemoryMb());
                case "DOWN" -> new NodeView(n.config(), NodeBaseState.DOWN, n.drain(), n.notResponding(), reason,
                        now, uid, n.lastHeard(), n.registration(), n.cpuLoad(), n.freeMemoryMb());
                default -> throw new IllegalArgumentException("Invalid node state specified");
            };
            if (wanted.equals("DOWN") && n.base() != NodeBaseState.DOWN) {
                down.add(name);
            }
            put(n, updated);
            log.info("Node {} set to {} by uid {}{}", name, updated.stateText(0), uid,
                    reason.isBlank() ? "" : ", reason \"" + reason + "\"");
        }
        save();
        return down;
    }

    /**
     * {@code scontrol update NodeName=... Features=/Weight=}: the nodes' configuration changes at once for the
     * scheduler and for what sinfo and scontrol show. As in Slurm the change is not saved: a reconfigure or restart
     * takes slurm.conf's values again.
     *
     * @param features the new features (available and active alike), empty to keep them
     * @param weight   the new weight, empty to keep it
     * @throws IllegalArgumentException for an unknown node, before any node is changed
     */
    public synchronized void updateConfig(List<String> names, Optional<List<String>> features,
                                          java.util.OptionalInt weight) {
        names.forEach(this::require);
        for (String name : names) {
            NodeView n = nodes.get(name);
            NodeConfig config = n.config();
            if (features.isPresent()) {
                config = config.withFeatures(features.get());
            }
            if (weight.isPresent()) {
                config = config.withWeight(weight.getAsInt());
            }
            put(n, n.withConfig(config));
            log.info("Node {} updated: features {}, weight {}", name, String.join(",", config.features()),
                    Integer.toUnsignedString(config.weight()));
        }
    }

    /** After a reconfigure: nodes still defined keep their state, new ones start unknown, removed ones go. */
    public synchronized void reconfigure(List<NodeConfig> configs, Duration newSlurmdTimeout, int newReturnToService) {
        Map<String, NodeView> old = new LinkedHashMap<>(nodes);
        nodes.clear();
        Instant now = clock.instant();
        for (NodeConfig config : configs) {
            NodeView before = old.get(config.name());
            nodes.put(config.name(), before == null ? initial(config, null, now)
                    : new NodeView(config, before.base(), before.drain(), before.notResponding(), before.reason(),
                    before.reasonTime(), before.reasonUid(), before.lastHeard(), before.registration(),
                    before.cpuLoad(), before.freeMemoryMb()));
        }
        slurmdTimeout = newSlurmdTimeout;
        returnToService = newReturnToService;
        save();
    }

    private NodeView require(String name) {
        NodeView node = nodes.get(name);
        if (node == null) {
            throw new IllegalArgumentException("Invalid node name specified: " + name);
        }
        return node;
    }

    private static boolean changed(NodeView before, NodeView after) {
        return before.base() != after.base() || before.drain() != after.drain()
                || before.notResponding() != after.notResponding() || !before.reason().equals(after.reason());
    }

    /**
     * Every change of a node goes through here, so that the listener hears of each one.
     *
     * @return whether the state (not only what slurmd last said) changed
     */
    private boolean put(NodeView before, NodeView after) {
        nodes.put(after.name(), after);
        boolean changed = changed(before, after);
        if (changed) {
            listener.changed(before, after);
        }
        return changed;
    }

    private void save() {
        stateFile.save(nodes.values());
    }
}
