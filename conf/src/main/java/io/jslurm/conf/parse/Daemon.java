package io.jslurm.conf.parse;

/** Which programs read a configuration key. */
public enum Daemon {
    SLURMCTLD, SLURMD, SLURMDBD, COMMANDS
}
