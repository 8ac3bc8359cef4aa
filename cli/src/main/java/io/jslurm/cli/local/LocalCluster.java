package io.jslurm.cli.local;

import io.jslurm.conf.slurm.NodeConfig;
import io.jslurm.conf.slurm.SlurmConfig;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The daemons of a configured local cluster, in start order: slurmdbd (when accounting is configured),
 * slurmctld, then one slurmd per node. Each JVM carries {@code -Djslurm.local=DIR} so that its command line
 * names the cluster it belongs to.
 */
record LocalCluster(Path home, LocalLayout layout, SlurmConfig config) {

    static final String CONTROLLER_MAIN = "io.jslurm.slurmctld.SlurmctldMain";
    static final String NODE_MAIN = "io.jslurm.slurmd.SlurmdMain";
    static final String DBD_MAIN = "io.jslurm.slurmdbd.daemon.SlurmdbdMain";

    boolean accounting() {
        return config.settings().containsKey("AccountingStorageType")
                && config.settings().get("AccountingStorageType").value().equals("accounting_storage/slurmdbd");
    }

    List<String> nodeNames() {
        return config.nodes().stream().map(NodeConfig::name).toList();
    }

    long gpusPerNode() {
        return config.nodes().isEmpty() ? 0 : config.nodes().get(0).gres().count("gpu");
    }

    LocalDaemon dbd() {
        return daemon("slurmdbd", DBD_MAIN, List.of("-D"), Map.of("JSLURM_DBD_DATA", layout.database().toString()));
    }

    LocalDaemon controller() {
        return daemon("slurmctld", CONTROLLER_MAIN, List.of("-f", layout.slurmConf().toString()), Map.of());
    }

    LocalDaemon node(String name) {
        return daemon("slurmd-" + name, NODE_MAIN, List.of("-f", layout.slurmConf().toString(), "-N", name), Map.of());
    }

    /** Start order; stop in reverse. */
    List<LocalDaemon> daemons() {
        List<LocalDaemon> all = new ArrayList<>();
        if (accounting()) {
            all.add(dbd());
        }
        all.add(controller());
        nodeNames().forEach(name -> all.add(node(name)));
        return all;
    }

    private LocalDaemon daemon(String name, String mainClass, List<String> args, Map<String, String> extraEnvironment) {
        String program = name.startsWith("slurmd-") ? "slurmd" : name;
        List<String> argv = new ArrayList<>();
        argv.add(home.resolve("bin").resolve(program).toString());
        argv.addAll(args);
        String marker = "-Djslurm.local=" + layout.dir();
        Map<String, String> environment = new java.util.HashMap<>(extraEnvironment);
        environment.put("SLURM_CONF", layout.slurmConf().toString());
        environment.put("JSLURM_JAVA_OPTS", (System.getenv().getOrDefault("JSLURM_JAVA_OPTS", "") + " " + marker).strip());
        List<String> identity = new ArrayList<>(List.of(mainClass, marker));
        identity.addAll(args);
        return new LocalDaemon(name, argv, environment, layout.pidFile(name), layout.log().resolve(name + ".out"),
                identity);
    }
}
