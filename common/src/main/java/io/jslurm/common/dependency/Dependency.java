package io.jslurm.common.dependency;

import io.jslurm.common.jobid.JobIdSpec;
import io.jslurm.common.text.InvalidValueException;
import io.jslurm.common.text.Numbers;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Function;

/**
 * A {@code --dependency} expression: conditions joined by {@code ,} (all must hold) or {@code ?} (any one is
 * enough), never both, e.g. {@code afterok:123:124,singleton} or {@code afternotok:7?afterok:8}. Each condition
 * names one job, so {@code afterok:123:124} becomes two conditions and prints as {@code afterok:123,afterok:124},
 * the way {@code squeue} and {@code scontrol} show dependencies.
 */
public record Dependency(List<DependencyCondition> conditions, boolean anyOf) {

    private static final String KIND = "dependency";
    private static final String ALLOWED = "expected TYPE:JOBID[:JOBID...] or singleton, joined by ',' or '?', "
            + "where TYPE is after, afterany, afterburstbuffer, aftercorr, afternotok or afterok";

    public Dependency {
        conditions = List.copyOf(conditions);
        if (conditions.isEmpty()) {
            throw new IllegalArgumentException("dependency has no conditions");
        }
    }

    public static Dependency parse(String text) {
        Objects.requireNonNull(text, "dependency is null");
        String spec = text.strip();
        boolean all = spec.contains(",");
        boolean any = spec.contains("?");
        if (all && any) {
            throw new InvalidValueException(KIND, text, "cannot mix ',' (all of) and '?' (any of)");
        }
        if (spec.isEmpty()) {
            throw new InvalidValueException(KIND, text, ALLOWED);
        }
        List<DependencyCondition> conditions = new ArrayList<>();
        for (String item : spec.split(any ? "\\?" : ",", -1)) {
            addConditions(item, text, conditions);
        }
        return new Dependency(conditions, any);
    }

    private static void addConditions(String item, String text, List<DependencyCondition> out) {
        String[] parts = item.split(":", -1);
        DependencyType type = DependencyType.byName(parts[0]).orElseThrow(() -> new InvalidValueException(KIND, text,
                item.isEmpty() ? ALLOWED : "unknown dependency type '" + parts[0] + "'; " + ALLOWED));
        if (type == DependencyType.SINGLETON) {
            if (parts.length > 1) {
                throw new InvalidValueException(KIND, text, "singleton takes no job ids");
            }
            out.add(DependencyCondition.SINGLETON);
            return;
        }
        if (parts.length < 2) {
            throw new InvalidValueException(KIND, text, type.slurmName() + " needs at least one job id");
        }
        for (int i = 1; i < parts.length; i++) {
            out.add(condition(type, parts[i], text));
        }
    }

    private static DependencyCondition condition(DependencyType type, String part, String text) {
        String jobText = part;
        int delay = 0;
        int plus = part.indexOf('+');
        if (plus >= 0) {
            if (type != DependencyType.AFTER) {
                throw new InvalidValueException(KIND, text, "only after takes +minutes, not " + type.slurmName());
            }
            delay = Numbers.parseNonNegativeInt(part.substring(plus + 1), KIND, text, "minutes after '+'");
            jobText = part.substring(0, plus);
        }
        JobIdSpec job;
        try {
            job = JobIdSpec.parse(jobText);
        } catch (InvalidValueException e) {
            throw new InvalidValueException(KIND, text, "invalid job id '" + jobText + "'");
        }
        if (!DependencyCondition.namesOneJob(job)) {
            throw new InvalidValueException(KIND, text, "'" + jobText + "' is not a job or an array task");
        }
        return new DependencyCondition(type, Optional.of(job), delay);
    }

    public static Dependency allOf(List<DependencyCondition> conditions) {
        return new Dependency(conditions, false);
    }

    public static Dependency anyOf(List<DependencyCondition> conditions) {
        return new Dependency(conditions, true);
    }

    public String separator() {
        return anyOf ? "?" : ",";
    }

    /** Each condition separately, joined by the separator: {@code afterok:123,afterok:124}. */
    @Override
    public String toString() {
        return describe(condition -> "");
    }

    /**
     * As {@code scontrol show job} prints it, with each condition's state after it:
     * {@code afterok:123(unfulfilled),afterok:124(unfulfilled)}.
     */
    public String describe(Function<DependencyCondition, String> state) {
        StringBuilder out = new StringBuilder();
        for (DependencyCondition condition : conditions) {
            out.append(out.isEmpty() ? "" : separator()).append(condition);
            String suffix = state.apply(condition);
            if (!suffix.isEmpty()) {
                out.append('(').append(suffix).append(')');
            }
        }
        return out.toString();
    }
}
