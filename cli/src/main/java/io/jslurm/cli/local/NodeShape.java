package io.jslurm.cli.local;

import java.util.HashMap;
import java.util.Map;

/**
 * This machine as {@code slurmd -C} describes it: the NodeName line's CPU topology and memory, which every
 * local node claims (several slurmd on one host share it, so each may be offered the whole machine).
 */
record NodeShape(String hostName, int cpus, int boards, int socketsPerBoard, int coresPerSocket, int threadsPerCore,
                 long realMemoryMb) {

    NodeShape {
        if (cpus < 1 || boards < 1 || socketsPerBoard < 1 || coresPerSocket < 1 || threadsPerCore < 1) {
            throw new IllegalArgumentException("a node needs at least one of each: CPUs=" + cpus + " Boards=" + boards
                    + " SocketsPerBoard=" + socketsPerBoard + " CoresPerSocket=" + coresPerSocket
                    + " ThreadsPerCore=" + threadsPerCore);
        }
        if (realMemoryMb < 1) {
            throw new IllegalArgumentException("RealMemory=" + realMemoryMb);
        }
    }

    /** Reads the {@code NodeName=... CPUs=... RealMemory=...} line of {@code slurmd -C}'s output. */
    static NodeShape parse(String slurmdC) {
        for (String line : slurmdC.split("\n")) {
            if (!line.startsWith("NodeName=")) {
                continue;
            }
            Map<String, String> values = new HashMap<>();
            for (String pair : line.strip().split("\\s+")) {
                int eq = pair.indexOf('=');
                if (eq > 0) {
                    values.put(pair.substring(0, eq), pair.substring(eq + 1));
                }
            }
            try {
                return new NodeShape(values.get("NodeName"), number(values, "CPUs"), number(values, "Boards"),
                        number(values, "SocketsPerBoard"), number(values, "CoresPerSocket"),
                        number(values, "ThreadsPerCore"), Long.parseLong(values.get("RealMemory")));
            } catch (NumberFormatException | NullPointerException missing) {
                throw new IllegalArgumentException("unexpected slurmd -C line: " + line);
            }
        }
        throw new IllegalArgumentException("slurmd -C printed no NodeName line: " + slurmdC.strip());
    }

    private static int number(Map<String, String> values, String key) {
        return Integer.parseInt(values.get(key));
    }

    /**
     * The memory a node offers: what the machine has less a margin for the daemons and the database, since
     * every local node shares the one machine.
     */
    long schedulableMemoryMb() {
        return Math.max(1, realMemoryMb - Math.min(1024, realMemoryMb / 4));
    }

    /** A CPU's share of the node's memory, at most 1 GiB, so that small jobs can share a node. */
    long defaultMemoryPerCpuMb() {
        return Math.max(1, Math.min(1024, schedulableMemoryMb() / cpus));
    }

    /** The slurm.conf attributes of a node of this shape. */
    String slurmConfAttributes() {
        return "CPUs=" + cpus + " Boards=" + boards + " SocketsPerBoard=" + socketsPerBoard + " CoresPerSocket="
                + coresPerSocket + " ThreadsPerCore=" + threadsPerCore + " RealMemory=" + schedulableMemoryMb();
    }
}
