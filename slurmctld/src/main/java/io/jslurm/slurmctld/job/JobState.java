package io.jslurm.slurmctld.job;

import java.util.Locale;

/**
 * A job's base state, with the long name Slurm prints ({@code squeue -o %T}, {@code sacct}) and the compact
 * code ({@code squeue -o %t}).
 *
 * <p>Which state may follow which is decided by {@link JobTransitions} alone.
 */
public enum JobState {
    PENDING("PD"),
    CONFIGURING("CF"),
    RUNNING("R"),
    COMPLETING("CG"),
    COMPLETED("CD"),
    FAILED("F"),
    CANCELLED("CA"),
    TIMEOUT("TO"),
    NODE_FAIL("NF"),
    PREEMPTED("PR"),
    OUT_OF_MEMORY("OOM"),
    REQUEUED("RQ"),
    SUSPENDED("S"),
    BOOT_FAIL("BF"),
    DEADLINE("DL");

    private static final JobState[] VALUES = values();

    private final String compact;

    JobState(String compact) {
        this.compact = compact;
    }

    /** Slurm's long name, e.g. {@code OUT_OF_MEMORY}. */
    public String slurmName() {
        return name();
    }

    /** Slurm's compact code, e.g. {@code OOM}. */
    public String compact() {
        return compact;
    }

    /** The job has ended and will not run again unless requeued. */
    public boolean isFinished() {
        return switch (this) {
            case COMPLETED, FAILED, CANCELLED, TIMEOUT, NODE_FAIL, PREEMPTED, OUT_OF_MEMORY, BOOT_FAIL, DEADLINE -> true;
            default -> false;
        };
    }

    /** The job owns nodes: they must be released before its record may be forgotten. */
    public boolean holdsResources() {
        return switch (this) {
            case CONFIGURING, RUNNING, SUSPENDED, COMPLETING -> true;
            default -> false;
        };
    }

    /**
     * The job's processes may still run on its nodes: it holds them, or it was requeued and the nodes have not yet
     * reported the end of that run. Such a job must not be started again.
     */
    public boolean occupiesNodes() {
        return holdsResources() || this == REQUEUED;
    }

    /** Accepts the long name or the compact code, in any case, as Slurm's state filters do. */
    public static JobState parse(String text) {
        String wanted = text.trim().toUpperCase(Locale.ROOT);
        for (JobState state : VALUES) {
            if (state.name().equals(wanted) || state.compact.equals(wanted)) {
                return state;
            }
        }
        throw new IllegalArgumentException("Invalid job state specified: " + text);
    }

}
