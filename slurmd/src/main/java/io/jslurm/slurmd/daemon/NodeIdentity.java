package io.jslurm.slurmd.daemon;

import io.jslurm.conf.slurm.NodeConfig;
import io.jslurm.conf.slurm.SlurmConfig;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * Which node of slurm.conf this slurmd is, and where it listens. Several slurmd on one host
 * (multiple-slurmd) each get their own NodeName with {@code -N} and their own {@code Port=}.
 *
 * @param port the node line's {@code Port=}, else SlurmdPort
 */
public record NodeIdentity(NodeConfig node, int port) {
    public NodeIdentity {
        Objects.requireNonNull(node, "node");
        if (port < 0 || port > 65535) {
            throw new IllegalArgumentException("not a port: " + port);
        }
    }

    public String name() {
        return node.name();
    }

    /** Thrown when slurm.conf has no node this slurmd can be. */
    public static final class UnknownNodeException extends Exception {
        public UnknownNodeException(String message) {
            super(message);
        }
    }

    /**
     * {@code -N} when given; otherwise the NodeName equal to the short host name, else the node
     * whose NodeHostname is the short host name (the only one, or the message says to use -N).
     */
    public static NodeIdentity resolve(SlurmConfig config, Optional<String> nameOption, String shortHostName)
            throws UnknownNodeException {
        NodeConfig node;
        if (nameOption.isPresent()) {
            node = config.node(nameOption.get()).orElseThrow(() -> new UnknownNodeException(
                    "Unable to find node '" + nameOption.get() + "' in slurm.conf"));
        } else {
            Optional<NodeConfig> byName = config.node(shortHostName);
            if (byName.isPresent()) {
                node = byName.get();
            } else {
                List<NodeConfig> byHost = config.nodes().stream()
                        .filter(candidate -> candidate.hostname().equals(shortHostName)).toList();
                if (byHost.isEmpty()) {
                    throw new UnknownNodeException("Unable to determine this slurmd's NodeName: no node in slurm.conf"
                            + " is named or has NodeHostname '" + shortHostName + "'; start slurmd with -N");
                }
                if (byHost.size() > 1) {
                    throw new UnknownNodeException("NodeHostname '" + shortHostName + "' belongs to "
                            + byHost.size() + " nodes; start each slurmd with -N <NodeName>");
                }
                node = byHost.get(0);
            }
        }
        return new NodeIdentity(node, node.port() != 0 ? node.port() : config.slurmdPort());
    }
}
