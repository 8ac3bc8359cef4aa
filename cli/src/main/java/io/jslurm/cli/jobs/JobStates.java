package io.jslurm.cli.jobs;

import io.jslurm.protocol.proto.JobRecord;
import io.jslurm.protocol.proto.JobState;
import io.jslurm.protocol.proto.JobStateFlag;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;

/**
 * Job state names as Slurm's commands print and accept them: the long name ({@code PENDING}), the compact
 * code ({@code PD}), and the flags that replace the base state on display ({@code COMPLETING}).
 */
public final class JobStates {

    /** A base state or flag, with its long name and compact code. */
    public record Name(String name, String code) {
    }

    /** Flags that show instead of the base state, in the order Slurm checks them. */
    private static final List<JobStateFlag> SHOWN_FLAGS = List.of(JobStateFlag.JOB_FLAG_COMPLETING,
            JobStateFlag.JOB_FLAG_CONFIGURING, JobStateFlag.JOB_FLAG_RESIZING, JobStateFlag.JOB_FLAG_REQUEUED,
            JobStateFlag.JOB_FLAG_SPECIAL_EXIT, JobStateFlag.JOB_FLAG_REVOKED, JobStateFlag.JOB_FLAG_SIGNALING,
            JobStateFlag.JOB_FLAG_STAGE_OUT);

    /**
     * Slurm state flags that jslurm keeps no flag for (a requeue hold is a held job here), long and short. squeue
     * and scancel accept them as Slurm does; no job here carries them, so they select none.
     */
    private static final Set<String> SLURM_ONLY_NAMES =
            Set.of("REQUEUE_HOLD", "RH", "REQUEUE_FED", "RF", "RESV_DEL_HOLD", "RD", "STOPPED", "ST");

    private JobStates() {
    }

    public static Name of(JobState state) {
        return switch (state) {
            case JOB_PENDING -> new Name("PENDING", "PD");
            case JOB_RUNNING -> new Name("RUNNING", "R");
            case JOB_SUSPENDED -> new Name("SUSPENDED", "S");
            case JOB_COMPLETED -> new Name("COMPLETED", "CD");
            case JOB_CANCELLED -> new Name("CANCELLED", "CA");
            case JOB_FAILED -> new Name("FAILED", "F");
            case JOB_TIMEOUT -> new Name("TIMEOUT", "TO");
            case JOB_NODE_FAIL -> new Name("NODE_FAIL", "NF");
            case JOB_PREEMPTED -> new Name("PREEMPTED", "PR");
            case JOB_BOOT_FAIL -> new Name("BOOT_FAIL", "BF");
            case JOB_DEADLINE -> new Name("DEADLINE", "DL");
            case JOB_OUT_OF_MEMORY -> new Name("OUT_OF_MEMORY", "OOM");
            default -> new Name("UNKNOWN", "??");
        };
    }

    public static Name of(JobStateFlag flag) {
        return switch (flag) {
            case JOB_FLAG_COMPLETING -> new Name("COMPLETING", "CG");
            case JOB_FLAG_CONFIGURING -> new Name("CONFIGURING", "CF");
            case JOB_FLAG_REQUEUED -> new Name("REQUEUED", "RQ");
            case JOB_FLAG_RESIZING -> new Name("RESIZING", "RS");
            case JOB_FLAG_STAGE_OUT -> new Name("STAGE_OUT", "SO");
            case JOB_FLAG_SIGNALING -> new Name("SIGNALING", "SI");
            case JOB_FLAG_REVOKED -> new Name("REVOKED", "RV");
            case JOB_FLAG_SPECIAL_EXIT -> new Name("SPECIAL_EXIT", "SE");
            default -> new Name("UNKNOWN", "??");
        };
    }

    /** What {@code %T} and {@code JobState=} show: a displayed flag, else the base state. */
    public static Name displayed(JobRecord job) {
        if (job.getStateFlagsCount() > 0) {
            List<JobStateFlag> flags = job.getStateFlagsList();
            for (JobStateFlag flag : SHOWN_FLAGS) {
                if (flags.contains(flag)) {
                    return of(flag);
                }
            }
        }
        return of(job.getState());
    }

    /** The base state and every flag, base first, as JSON's {@code job_state} list has them. */
    public static List<String> all(JobRecord job) {
        List<String> names = new java.util.ArrayList<>();
        names.add(of(job.getState()).name());
        for (JobStateFlag flag : job.getStateFlagsList()) {
            names.add(of(flag).name());
        }
        return names;
    }

    /** Still in the queue: what squeue lists when no {@code -t} is given. */
    public static boolean isActive(JobRecord job) {
        return switch (job.getState()) {
            case JOB_PENDING, JOB_RUNNING, JOB_SUSPENDED -> true;
            default -> job.getStateFlagsCount() > 0
                    && (job.getStateFlagsList().contains(JobStateFlag.JOB_FLAG_COMPLETING)
                    || job.getStateFlagsList().contains(JobStateFlag.JOB_FLAG_CONFIGURING));
        };
    }

    /** The states a {@code -t} list names: long names or compact codes, any case; {@code all} for every state. */
    public record Filter(Set<JobState> states, Set<JobStateFlag> flags, boolean all) {

        public boolean matches(JobRecord job) {
            if (all) {
                return true;
            }
            if (states.contains(job.getState())) {
                return true;
            }
            if (job.getStateFlagsCount() == 0) {
                return false;
            }
            for (JobStateFlag flag : job.getStateFlagsList()) {
                if (flags.contains(flag)) {
                    return true;
                }
            }
            return false;
        }
    }

    /** @throws IllegalArgumentException naming the first word that is no state */
    public static Filter parseFilter(String list) {
        Set<JobState> states = EnumSet.noneOf(JobState.class);
        Set<JobStateFlag> flags = EnumSet.noneOf(JobStateFlag.class);
        for (String word : list.split(",")) {
            String upper = word.strip().toUpperCase(Locale.ROOT);
            if (upper.equals("ALL")) {
                return new Filter(Set.of(), Set.of(), true);
            }
            Optional<JobState> state = stateNamed(upper);
            if (state.isPresent()) {
                states.add(state.get());
                continue;
            }
            Optional<JobStateFlag> flag = flagNamed(upper);
            if (flag.isPresent()) {
                flags.add(flag.get());
            } else if (!SLURM_ONLY_NAMES.contains(upper)) {
                throw new IllegalArgumentException(word);
            }
        }
        return new Filter(states, flags, false);
    }

    /** Whether {@code upper} names a job state or state flag (long name or compact code), as Slurm knows them. */
    public static boolean isStateName(String upper) {
        return stateNamed(upper).isPresent() || flagNamed(upper).isPresent() || SLURM_ONLY_NAMES.contains(upper);
    }

    public static Optional<JobState> stateNamed(String upper) {
        for (JobState state : JobState.values()) {
            if (state == JobState.UNRECOGNIZED || state == JobState.JOB_STATE_UNSPECIFIED) {
                continue;
            }
            Name name = of(state);
            if (name.name().equals(upper) || name.code().equals(upper)) {
                return Optional.of(state);
            }
        }
        return Optional.empty();
    }

    private static Optional<JobStateFlag> flagNamed(String upper) {
        for (JobStateFlag flag : JobStateFlag.values()) {
            if (flag == JobStateFlag.UNRECOGNIZED || flag == JobStateFlag.JOB_FLAG_UNSPECIFIED) {
                continue;
            }
            Name name = of(flag);
            if (name.name().equals(upper) || name.code().equals(upper)) {
                return Optional.of(flag);
            }
        }
        return Optional.empty();
    }
}
