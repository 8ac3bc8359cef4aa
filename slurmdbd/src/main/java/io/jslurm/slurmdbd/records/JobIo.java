package io.jslurm.slurmdbd.records;

import java.util.Objects;

/** Where a job ran and wrote: its working directory and standard streams (paths as given). */
public record JobIo(String workDir, String stdIn, String stdOut, String stdErr) {

    public static final JobIo NONE = new JobIo("", "", "", "");

    public JobIo {
        Objects.requireNonNull(workDir, "workDir");
        Objects.requireNonNull(stdIn, "stdIn");
        Objects.requireNonNull(stdOut, "stdOut");
        Objects.requireNonNull(stdErr, "stdErr");
    }
}
