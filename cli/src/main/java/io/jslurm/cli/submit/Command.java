package io.jslurm.cli.submit;

/** The commands that submit jobs and share most of their options. */
public enum Command {
    SBATCH("sbatch"), SALLOC("salloc"), SRUN("srun");

    private final String program;

    Command(String program) {
        this.program = program;
    }

    public String program() {
        return program;
    }
}
