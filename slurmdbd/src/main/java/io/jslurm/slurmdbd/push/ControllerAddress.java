package io.jslurm.slurmdbd.push;

import java.util.Objects;

/** Where a cluster's controller said it listens, as sacctmgr's ControlHost and ControlPort show it. */
public record ControllerAddress(String cluster, String host, int port) {

    public ControllerAddress {
        Objects.requireNonNull(cluster, "cluster");
        Objects.requireNonNull(host, "host");
        if (port < 1 || port > 65535) {
            throw new IllegalArgumentException("invalid controller port " + port);
        }
    }

    @Override
    public String toString() {
        return cluster + " at " + host + ":" + port;
    }
}
