package io.jslurm.common.gres;

import io.jslurm.common.text.InvalidValueException;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * srun's {@code --gpu-bind=[verbose,]TYPE}: which of a step's GPUs each task of a node gets. The ids in
 * {@code map_gpu}/{@code mask_gpu} are what the task's node numbers GPUs by: positions within the step's GPUs when
 * devices are confined, the node's own indices otherwise (see the slurmd side).
 *
 * @param verbose the task is told its binding on stderr
 */
public record GpuBind(boolean verbose, Policy policy) {

    /** How tasks are bound. */
    public sealed interface Policy permits None, Closest, PerTask, MapGpu, MaskGpu {
    }

    /** {@code none}: every task sees all the step's GPUs, even with --gpus-per-task. */
    public record None() implements Policy {
    }

    /** {@code closest}: the GPUs nearest the task's CPUs. */
    public record Closest() implements Policy {
    }

    /** {@code per_task:N}: the node's step GPUs dealt N at a time in local task order. */
    public record PerTask(int count) implements Policy {
        public PerTask {
            if (count < 1) {
                throw new IllegalArgumentException("per_task needs at least one GPU: " + count);
            }
        }
    }

    /** {@code map_gpu:ID,...}: local task i gets GPU id {@code ids[i % size]}. */
    public record MapGpu(List<Integer> ids) implements Policy {
        public MapGpu {
            ids = List.copyOf(ids);
            if (ids.isEmpty()) {
                throw new IllegalArgumentException("map_gpu needs at least one id");
            }
        }
    }

    /** {@code mask_gpu:MASK,...}: local task i gets the GPU ids whose bits are set in {@code masks[i % size]}. */
    public record MaskGpu(List<Long> masks) implements Policy {
        public MaskGpu {
            masks = List.copyOf(masks);
            if (masks.isEmpty()) {
                throw new IllegalArgumentException("mask_gpu needs at least one mask");
            }
        }
    }

    private static final String KIND = "--gpu-bind argument";
    private static final String VERBOSE = "verbose,";
    /** A repetition far beyond any node's task count is a typo, not a map. */
    private static final int MAX_REPEAT = 1 << 16;

    public GpuBind {
        Objects.requireNonNull(policy, "policy");
    }

    /** What {@code --gpus-per-task=N} implies when no --gpu-bind is given. */
    public static GpuBind perTask(int count) {
        return new GpuBind(false, new PerTask(count));
    }

    /**
     * @throws InvalidValueException naming the text when it is not a binding srun accepts
     */
    public static GpuBind parse(String text) {
        Objects.requireNonNull(text, "text");
        String rest = text.strip();
        boolean verbose = false;
        if (rest.startsWith(VERBOSE)) {
            verbose = true;
            rest = rest.substring(VERBOSE.length());
        }
        return new GpuBind(verbose, policy(text, rest));
    }

    private static Policy policy(String text, String rest) {
        if (rest.equals("none")) {
            return new None();
        }
        if (rest.equals("closest")) {
            return new Closest();
        }
        if (rest.startsWith("per_task:")) {
            int count = number(text, rest.substring("per_task:".length()), 10);
            if (count < 1) {
                throw new InvalidValueException(KIND, text, "per_task needs a GPU count of at least 1");
            }
            return new PerTask(count);
        }
        if (rest.startsWith("map_gpu:")) {
            List<Integer> ids = new ArrayList<>();
            for (Entry entry : entries(text, rest.substring("map_gpu:".length()), 10)) {
                for (int i = 0; i < entry.repeat(); i++) {
                    ids.add((int) entry.value());
                }
            }
            return new MapGpu(ids);
        }
        if (rest.startsWith("mask_gpu:")) {
            List<Long> masks = new ArrayList<>();
            for (Entry entry : entries(text, rest.substring("mask_gpu:".length()), 16)) {
                for (int i = 0; i < entry.repeat(); i++) {
                    masks.add(entry.value());
                }
            }
            return new MaskGpu(masks);
        }
        throw new InvalidValueException(KIND, text,
                "expected [verbose,]closest, none, per_task:N, map_gpu:LIST or mask_gpu:LIST");
    }

    private record Entry(long value, int repeat) {
    }

    /** {@code VALUE[*COUNT],...}; masks are hexadecimal with an optional 0x. */
    private static List<Entry> entries(String text, String list, int radix) {
        if (list.isEmpty()) {
            throw new InvalidValueException(KIND, text, "the list is empty");
        }
        List<Entry> entries = new ArrayList<>();
        for (String item : list.split(",", -1)) {
            String[] parts = item.split("\\*", -1);
            if (parts.length > 2) {
                throw new InvalidValueException(KIND, text, "more than one '*' in " + item);
            }
            String value = parts[0];
            if (radix == 16 && (value.startsWith("0x") || value.startsWith("0X"))) {
                value = value.substring(2);
            }
            long parsed = radix == 16 ? mask(text, value) : number(text, value, 10);
            int repeat = parts.length == 2 ? number(text, parts[1], 10) : 1;
            if (repeat < 1 || repeat > MAX_REPEAT) {
                throw new InvalidValueException(KIND, text, "repetition count out of range in " + item);
            }
            entries.add(new Entry(parsed, repeat));
        }
        return entries;
    }

    private static int number(String text, String digits, int radix) {
        try {
            int value = Integer.parseInt(digits, radix);
            if (value < 0 || digits.startsWith("+")) {
                throw new NumberFormatException();
            }
            return value;
        } catch (NumberFormatException e) {
            throw new InvalidValueException(KIND, text, "'" + digits + "' is not a number");
        }
    }

    private static long mask(String text, String digits) {
        if (digits.isEmpty() || digits.length() > 16 || !digits.chars().allMatch(c -> Character.digit(c, 16) >= 0)) {
            throw new InvalidValueException(KIND, text, "'" + digits + "' is not a hexadecimal mask");
        }
        return Long.parseUnsignedLong(digits, 16);
    }

    /** The form srun sends and {@link #parse} reads back. */
    @Override
    public String toString() {
        String type;
        if (policy instanceof PerTask p) {
            type = "per_task:" + p.count();
        } else if (policy instanceof MapGpu m) {
            type = "map_gpu:" + join(m.ids().stream().map(String::valueOf).toList());
        } else if (policy instanceof MaskGpu m) {
            type = "mask_gpu:" + join(m.masks().stream().map(v -> "0x" + Long.toHexString(v)).toList());
        } else {
            type = policy instanceof Closest ? "closest" : "none";
        }
        return (verbose ? VERBOSE : "") + type;
    }

    private static String join(List<String> values) {
        return String.join(",", values);
    }
}
