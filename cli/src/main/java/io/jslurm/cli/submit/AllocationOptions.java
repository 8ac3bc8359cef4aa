package io.jslurm.cli.submit;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Set;

/**
 * The rows of sbatch's option table that salloc and srun take for the allocation they create, read with sbatch's
 * own {@link SubmissionBuilder} so that values, environment variables and refusals are exactly sbatch's.
 */
public final class AllocationOptions {

    /** Resource requests whose meaning does not change between the three commands when they create a job. */
    private static final Set<String> NAMES = Set.of("constraint", "contiguous", "cpus-per-gpu", "exclude",
            "exclusive", "gpus-per-node", "mincpus", "tmp");

    private AllocationOptions() {
    }

    /** The rows, as {@link SubmitOptions#shared()} declares them (with each command's input variables). */
    public static List<SubmitOption> rows() {
        List<SubmitOption> rows = new ArrayList<>();
        for (SubmitOption row : SubmitOptions.shared()) {
            if (NAMES.contains(row.longName())) {
                rows.add(row);
            }
        }
        return List.copyOf(rows);
    }

    /**
     * The values from {@code command}'s input variables in {@code env}, as sbatch reads its own: a variable of an
     * option with an optional value means the bare option when empty.
     */
    public static List<RequestValue> fromEnvironment(List<SubmitOption> rows, Command command,
            Map<String, String> env) {
        List<RequestValue> values = new ArrayList<>();
        for (SubmitOption row : rows) {
            for (String variable : row.environmentFor(command)) {
                String value = env.get(variable);
                if (value != null) {
                    values.add(new RequestValue(row, row.argumentFromEnvironment(value), new OptionSource.Environment(variable)));
                }
            }
        }
        return values;
    }

    /**
     * The resources the values ask for, applied in order (environment before command line, a later value
     * replacing an earlier one).
     *
     * @throws SubmitException for a value sbatch would refuse, with sbatch's message naming its source
     */
    public static Resources resources(SubmitContext context, List<RequestValue> values) {
        SubmissionBuilder builder = new SubmissionBuilder(context);
        for (RequestValue value : values) {
            builder.apply(value.option(), value.value(), value.source());
        }
        return builder.resources();
    }

    /** Nothing asked for: the resources of a job given none of these options. */
    public static Resources none() {
        return new Resources(Optional.empty(), OptionalInt.empty(), OptionalInt.empty(), OptionalInt.empty(),
                OptionalInt.empty(), OptionalInt.empty(), Optional.empty(), Optional.empty(), Optional.empty(),
                Optional.empty(), Optional.empty(), Optional.empty(), OptionalInt.empty(), Optional.empty(), false,
                false, Optional.empty(), Optional.empty(), Optional.empty(), Optional.empty(), Optional.empty());
    }
}
