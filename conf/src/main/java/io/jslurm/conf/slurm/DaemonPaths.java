package io.jslurm.conf.slurm;

import java.nio.file.Path;
import java.util.Objects;
import java.util.Optional;

/** Files and directories the daemons write, and the prolog/epilog programs they run. */
public record DaemonPaths(Path stateSaveLocation, Path slurmdSpoolDir, Optional<Path> slurmctldLogFile,
                          Optional<Path> slurmdLogFile, Path slurmctldPidFile, Path slurmdPidFile, Path tmpFs,
                          Optional<Path> prolog, Optional<Path> epilog, Optional<Path> taskProlog,
                          Optional<Path> taskEpilog, Optional<Path> prologSlurmctld, Optional<Path> epilogSlurmctld) {

    public DaemonPaths {
        Objects.requireNonNull(stateSaveLocation, "stateSaveLocation");
        Objects.requireNonNull(slurmdSpoolDir, "slurmdSpoolDir");
        Objects.requireNonNull(slurmctldLogFile, "slurmctldLogFile");
        Objects.requireNonNull(slurmdLogFile, "slurmdLogFile");
        Objects.requireNonNull(slurmctldPidFile, "slurmctldPidFile");
        Objects.requireNonNull(slurmdPidFile, "slurmdPidFile");
        Objects.requireNonNull(tmpFs, "tmpFs");
        Objects.requireNonNull(prolog, "prolog");
        Objects.requireNonNull(epilog, "epilog");
        Objects.requireNonNull(taskProlog, "taskProlog");
        Objects.requireNonNull(taskEpilog, "taskEpilog");
        Objects.requireNonNull(prologSlurmctld, "prologSlurmctld");
        Objects.requireNonNull(epilogSlurmctld, "epilogSlurmctld");
    }
}
