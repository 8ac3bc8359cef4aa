package io.jslurm.cli.local;

import java.util.List;
import java.util.Objects;

/**
 * The configuration slurm-local writes: slurm.conf, gres.conf and slurmdbd.conf for a cluster whose daemons
 * all run on this host, listening on loopback, keeping every file under the layout's directory.
 *
 * @param user        SlurmUser: the user who runs the daemons (jobs run as whoever submits them)
 * @param host        this host's name, as slurmd -C reports it
 * @param storagePort the embedded MariaDB's port (slurmdbd starts it; no StorageHost means embedded)
 * @param extraLines  slurm-local up --conf-line: appended; PartitionName lines replace the default partition
 */
record LocalConfig(LocalLayout layout, String user, String host, NodeShape shape, int controllerPort, int dbdPort,
                   int storagePort, boolean accounting, List<LocalNode> nodes, List<String> extraLines) {

    static final String CLUSTER_NAME = "local";
    static final String PARTITION = "debug";

    LocalConfig {
        Objects.requireNonNull(layout, "layout");
        Objects.requireNonNull(user, "user");
        Objects.requireNonNull(host, "host");
        Objects.requireNonNull(shape, "shape");
        nodes = List.copyOf(nodes);
        if (nodes.isEmpty()) {
            throw new IllegalArgumentException("a cluster needs a node");
        }
        extraLines = List.copyOf(extraLines);
    }

    LocalConfig(LocalLayout layout, String user, String host, NodeShape shape, int controllerPort, int dbdPort,
                int storagePort, boolean accounting, List<LocalNode> nodes) {
        this(layout, user, host, shape, controllerPort, dbdPort, storagePort, accounting, nodes, List.of());
    }

    boolean hasGpus() {
        return nodes.stream().anyMatch(n -> n.gpus() > 0);
    }

    String slurmConf() {
        StringBuilder conf = new StringBuilder()
                .append("# Written by slurm-local for a cluster on this host only; every file lives under\n")
                .append("# ").append(layout.dir()).append(". Edit freely: slurm-local up reuses it.\n")
                .append("ClusterName=").append(CLUSTER_NAME).append('\n')
                .append("SlurmctldHost=").append(host).append("(127.0.0.1)\n")
                .append("SlurmctldPort=").append(controllerPort).append('\n')
                .append("SlurmUser=").append(user).append('\n')
                .append("AuthType=auth/slurm\n")
                // Users who cannot read slurm.key get credentials from the daemons here, not in /run; a
                // requeued job waits cred_expire before it runs again (Slurm's default is 120 s).
                .append("AuthInfo=socket=").append(layout.credentialSocket()).append(",cred_expire=10\n")
                .append("StateSaveLocation=").append(layout.state()).append('\n')
                .append("SlurmdSpoolDir=").append(layout.spool().resolve("%n")).append('\n')
                .append("SlurmctldLogFile=").append(layout.logFile("slurmctld")).append('\n')
                .append("SlurmdLogFile=").append(layout.log().resolve("slurmd-%n.log")).append('\n')
                .append("SlurmctldPidFile=").append(layout.pidFile("slurmctld")).append('\n')
                .append("SlurmdPidFile=").append(layout.run().resolve("slurmd-%n.pid")).append('\n')
                .append("SchedulerType=sched/backfill\n")
                .append("SelectType=select/cons_tres\n")
                .append("SelectTypeParameters=CR_Core_Memory\n")
                // Without it a job asking no memory would take the whole node's, one job per node.
                .append("DefMemPerCPU=").append(shape.defaultMemoryPerCpuMb()).append('\n')
                .append("SlurmdTimeout=30\n")
                .append("KillWait=5\n")
                .append("ReturnToService=2\n");
        if (hasGpus()) {
            conf.append("GresTypes=gpu\n");
        }
        if (accounting) {
            conf.append("AccountingStorageType=accounting_storage/slurmdbd\n")
                    .append("AccountingStorageHost=127.0.0.1\n")
                    .append("AccountingStoragePort=").append(dbdPort).append('\n');
        }
        for (LocalNode node : nodes) {
            conf.append("NodeName=").append(node.name()).append(" NodeHostname=").append(host)
                    .append(" NodeAddr=127.0.0.1 Port=").append(node.port()).append(' ')
                    .append(shape.slurmConfAttributes());
            if (node.gpus() > 0) {
                conf.append(" Gres=gpu:").append(node.gpus());
            }
            conf.append(" State=UNKNOWN\n");
        }
        if (extraLines.stream().noneMatch(line -> line.regionMatches(true, 0, "PartitionName=", 0, 14))) {
            conf.append("PartitionName=").append(PARTITION).append(" Nodes=ALL Default=YES MaxTime=INFINITE State=UP\n");
        }
        extraLines.forEach(line -> conf.append(line).append('\n'));
        return conf.toString();
    }

    /** The stand-in GPUs' device files; autodetection is off because there is no NVML to ask. */
    String gresConf() {
        StringBuilder conf = new StringBuilder("AutoDetect=off\n");
        for (LocalNode node : nodes) {
            if (node.gpus() > 0) {
                conf.append("NodeName=").append(node.name()).append(" Name=gpu File=")
                        .append(node.gpuFiles(layout.dev())).append('\n');
            }
        }
        return conf.toString();
    }

    /**
     * Confinement for jobs when slurmd runs as root: cores, memory and the GPUs' device files (slurmd needs
     * root to create cgroups, so without it there is no cgroup.conf and jobs run unconfined).
     */
    static String cgroupConf() {
        return """
                # Written by slurm-local: jobs get their own cores, their memory request and only their GPUs.
                ConstrainCores=yes
                ConstrainRAMSpace=yes
                ConstrainDevices=yes
                """;
    }

    String slurmdbdConf() {
        return "# slurmdbd for the local cluster: no StorageHost, so slurmdbd runs its own MariaDB on StoragePort,\n"
                + "# with its data under " + layout.database() + "\n"
                + "AuthType=auth/slurm\n"
                + "DbdAddr=127.0.0.1\n"
                + "DbdHost=localhost\n"
                + "DbdPort=" + dbdPort + "\n"
                + "SlurmUser=" + user + "\n"
                + "StoragePort=" + storagePort + "\n"
                + "StorageLoc=slurm_acct_db\n"
                + "LogFile=" + layout.logFile("slurmdbd") + "\n"
                + "PidFile=" + layout.pidFile("slurmdbd") + "\n";
    }
}
