package io.jslurm.conf.gres;

import static io.jslurm.conf.parse.Daemon.SLURMCTLD;
import static io.jslurm.conf.parse.Daemon.SLURMD;
import static io.jslurm.conf.parse.KeySpec.known;
import static io.jslurm.conf.parse.KeySpec.used;
import static io.jslurm.conf.parse.ValueType.CHOICE;
import static io.jslurm.conf.parse.ValueType.HOSTLIST;
import static io.jslurm.conf.parse.ValueType.IDS;
import static io.jslurm.conf.parse.ValueType.LIST;
import static io.jslurm.conf.parse.ValueType.NUMBER;
import static io.jslurm.conf.parse.ValueType.STRING;

import io.jslurm.conf.parse.KeyTable;
import java.util.List;

/** Every key of gres.conf in Slurm 22.05. */
public final class GresConfKeys {

    private GresConfKeys() {
    }

    public static final KeyTable KEYS = new KeyTable(List.of(
            used("AutoDetect", CHOICE, "", SLURMD),
            used("Count", NUMBER, "", SLURMCTLD, SLURMD),
            used("Cores", IDS, "", SLURMD),
            used("File", HOSTLIST, "", SLURMD),
            used("Flags", LIST, "", SLURMD),
            used("Links", LIST, "", SLURMD),
            known("MultipleFiles", HOSTLIST, "", SLURMD),
            used("Name", STRING, "", SLURMCTLD, SLURMD),
            used("NodeName", HOSTLIST, "", SLURMCTLD, SLURMD),
            used("Type", STRING, "", SLURMCTLD, SLURMD)));
}
