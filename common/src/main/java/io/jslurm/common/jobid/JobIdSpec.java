package io.jslurm.common.jobid;

import io.jslurm.common.cpu.IdSet;
import io.jslurm.common.text.InvalidValueException;
import io.jslurm.common.text.Numbers;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * A job or step as {@code scancel}, {@code scontrol}, {@code squeue -j} and {@code sacct -j} name it: {@code 123},
 * an array task {@code 123_4}, array tasks {@code 123_[1-5]} or {@code 123_[1,3,5-7%2]}, a heterogeneous job
 * component {@code 123+0}, each optionally followed by a step {@code .0}, {@code .batch}, {@code .extern} or
 * {@code .interactive} (not after a bracketed task list, which names several jobs).
 */
public record JobIdSpec(long jobId, Selector selector, Optional<StepId> step) {

    public static final long MAX_JOB_ID = StepId.MAX_NUMBERED;

    private static final String KIND = "job id";
    private static final String ALLOWED = "expected JOBID, JOBID_TASK, JOBID_[TASKS], JOBID+COMPONENT, "
            + "each optionally followed by .STEP";

    /** Which part of the job is meant. */
    public sealed interface Selector {
    }

    /** The whole job (for an array, every task). */
    public record Whole() implements Selector {
    }

    public record ArrayTask(int taskId) implements Selector {
        public ArrayTask {
            if (taskId < 0) {
                throw new IllegalArgumentException("array task id is negative: " + taskId);
            }
        }
    }

    /** Several array tasks, as {@code squeue} shows pending ones, with the {@code %N} limit when there is one. */
    public record ArrayTasks(IdSet taskIds, OptionalInt maxRunning) implements Selector {
        public ArrayTasks {
            Objects.requireNonNull(taskIds, "taskIds is null");
            Objects.requireNonNull(maxRunning, "maxRunning is null");
            if (taskIds.isEmpty()) {
                throw new IllegalArgumentException("array task list is empty");
            }
        }
    }

    public record HetComponent(int offset) implements Selector {
        public HetComponent {
            if (offset < 0) {
                throw new IllegalArgumentException("het job component is negative: " + offset);
            }
        }
    }

    public JobIdSpec {
        Objects.requireNonNull(selector, "selector is null");
        Objects.requireNonNull(step, "step is null");
        if (jobId < 1 || jobId > MAX_JOB_ID) {
            throw new IllegalArgumentException("job id out of range: " + jobId);
        }
        if (selector instanceof ArrayTasks && step.isPresent()) {
            throw new IllegalArgumentException("a step cannot follow a list of array tasks");
        }
    }

    public static JobIdSpec job(long jobId) {
        return new JobIdSpec(jobId, new Whole(), Optional.empty());
    }

    public static JobIdSpec step(long jobId, StepId step) {
        return new JobIdSpec(jobId, new Whole(), Optional.of(step));
    }

    public static JobIdSpec arrayTask(long jobId, int taskId) {
        return new JobIdSpec(jobId, new ArrayTask(taskId), Optional.empty());
    }

    public static JobIdSpec parse(String text) {
        Objects.requireNonNull(text, "job id is null");
        String spec = text.strip();
        Optional<StepId> step = Optional.empty();
        int dot = spec.indexOf('.');
        if (dot >= 0) {
            String stepText = spec.substring(dot + 1);
            if (stepText.isEmpty()) {
                throw new InvalidValueException(KIND, text, "missing step after '.'");
            }
            step = Optional.of(StepId.parse(stepText));
            spec = spec.substring(0, dot);
        }
        int mark = firstOf(spec, "_+");
        long jobId = jobNumber(mark < 0 ? spec : spec.substring(0, mark), text);
        if (mark < 0) {
            return new JobIdSpec(jobId, new Whole(), step);
        }
        String rest = spec.substring(mark + 1);
        Selector selector;
        if (spec.charAt(mark) == '+') {
            selector = new HetComponent(Numbers.parseNonNegativeInt(rest, KIND, text, "a component number after '+'"));
        } else if (rest.startsWith("[") && rest.endsWith("]")) {
            if (step.isPresent()) {
                throw new InvalidValueException(KIND, text, "a step cannot follow a list of array tasks");
            }
            selector = arrayTasks(rest.substring(1, rest.length() - 1), text);
        } else {
            selector = new ArrayTask(Numbers.parseNonNegativeInt(rest, KIND, text, "an array task id after '_'"));
        }
        return new JobIdSpec(jobId, selector, step);
    }

    private static int firstOf(String text, String chars) {
        for (int i = 0; i < text.length(); i++) {
            if (chars.indexOf(text.charAt(i)) >= 0) {
                return i;
            }
        }
        return -1;
    }

    private static long jobNumber(String digits, String text) {
        if (!Numbers.isDigits(digits)) {
            throw new InvalidValueException(KIND, text, ALLOWED);
        }
        long jobId = Numbers.parseNonNegative(digits, KIND, text, "a job number");
        if (jobId < 1 || jobId > MAX_JOB_ID) {
            throw new InvalidValueException(KIND, text, "job number must be between 1 and " + MAX_JOB_ID);
        }
        return jobId;
    }

    private static ArrayTasks arrayTasks(String body, String text) {
        ArraySpec tasks;
        try {
            tasks = ArraySpec.parse(body);
        } catch (InvalidValueException e) {
            throw new InvalidValueException(KIND, text, "invalid array tasks '" + body + "'");
        }
        return new ArrayTasks(tasks.taskIds(), tasks.maxRunning());
    }

    public boolean isStep() {
        return step.isPresent();
    }

    /** The same job without the step part. */
    public JobIdSpec withoutStep() {
        return new JobIdSpec(jobId, selector, Optional.empty());
    }

    @Override
    public String toString() {
        StringBuilder out = new StringBuilder().append(jobId);
        if (selector instanceof ArrayTask task) {
            out.append('_').append(task.taskId());
        } else if (selector instanceof ArrayTasks tasks) {
            out.append("_[").append(tasks.taskIds());
            tasks.maxRunning().ifPresent(limit -> out.append('%').append(limit));
            out.append(']');
        } else if (selector instanceof HetComponent component) {
            out.append('+').append(component.offset());
        }
        step.ifPresent(s -> out.append('.').append(s));
        return out.toString();
    }
}
