package io.jslurm.common.jobid;

import io.jslurm.common.cpu.IdSet;
import io.jslurm.common.text.InvalidValueException;
import io.jslurm.common.text.Numbers;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.Objects;
import java.util.OptionalInt;

/**
 * A job array request, {@code --array=0-15}, {@code 0-15%4}, {@code 1,3,5}, {@code 0-30:10}: ranges of task ids,
 * each with an optional step, and an optional limit on how many tasks run at once. Checking the ids against
 * {@code MaxArraySize} is left to the caller, which knows the configuration.
 *
 * @param ranges     as written, in order
 * @param maxRunning the {@code %N} limit, when given
 */
public record ArraySpec(List<Range> ranges, OptionalInt maxRunning) {

    private static final String KIND = "array specification";
    private static final String ALLOWED = "expected task ids and ranges such as 0-15, 1,3,5 or 0-30:10, "
            + "optionally followed by %N";

    /** Task ids {@code first} to {@code last} (included) going up by {@code step}. */
    public record Range(int first, int last, int step) {

        public Range {
            if (first < 0 || last < first || step < 1) {
                throw new IllegalArgumentException("invalid array range " + first + "-" + last + ":" + step);
            }
        }

        @Override
        public String toString() {
            if (first == last) {
                return Integer.toString(first);
            }
            return first + "-" + last + (step == 1 ? "" : ":" + step);
        }
    }

    public ArraySpec {
        ranges = List.copyOf(ranges);
        Objects.requireNonNull(maxRunning, "maxRunning is null");
        if (ranges.isEmpty()) {
            throw new IllegalArgumentException("array specification has no task ids");
        }
        if (maxRunning.isPresent() && maxRunning.getAsInt() < 1) {
            throw new IllegalArgumentException("array task limit must be at least 1: " + maxRunning.getAsInt());
        }
    }

    public static ArraySpec parse(String text) {
        Objects.requireNonNull(text, "array specification is null");
        String spec = text.strip();
        OptionalInt limit = OptionalInt.empty();
        int percent = spec.indexOf('%');
        if (percent >= 0) {
            int value = number(spec.substring(percent + 1), text);
            if (value < 1) {
                throw new InvalidValueException(KIND, text, "the %N task limit must be at least 1");
            }
            limit = OptionalInt.of(value);
            spec = spec.substring(0, percent);
        }
        if (spec.isEmpty()) {
            throw new InvalidValueException(KIND, text, ALLOWED);
        }
        List<Range> ranges = new ArrayList<>();
        for (String item : spec.split(",", -1)) {
            ranges.add(range(item, text));
        }
        return new ArraySpec(ranges, limit);
    }

    private static Range range(String item, String text) {
        int colon = item.indexOf(':');
        String bounds = colon < 0 ? item : item.substring(0, colon);
        int dash = bounds.indexOf('-');
        if (colon >= 0 && dash < 0) {
            throw new InvalidValueException(KIND, text, "a step needs a range, as in 0-30:10");
        }
        int first = number(dash < 0 ? bounds : bounds.substring(0, dash), text);
        int last = dash < 0 ? first : number(bounds.substring(dash + 1), text);
        int step = colon < 0 ? 1 : number(item.substring(colon + 1), text);
        if (last < first) {
            throw new InvalidValueException(KIND, text, "range '" + item + "' runs backwards");
        }
        if (step < 1) {
            throw new InvalidValueException(KIND, text, "step in '" + item + "' must be at least 1");
        }
        return new Range(first, last, step);
    }

    private static int number(String digits, String text) {
        if (!Numbers.isDigits(digits)) {
            throw new InvalidValueException(KIND, text, ALLOWED);
        }
        long value = Numbers.parseNonNegative(digits, KIND, text, "a task id");
        if (value > IdSet.MAX_ID) {
            throw new InvalidValueException(KIND, text, "'" + digits + "' is larger than " + IdSet.MAX_ID);
        }
        return (int) value;
    }

    /** Every task id, ascending and once each. */
    public IdSet taskIds() {
        BitSet bits = new BitSet();
        for (Range range : ranges) {
            for (long id = range.first; id <= range.last; id += range.step) {
                bits.set((int) id);
            }
        }
        return IdSet.of(bits.stream().toArray());
    }

    /** The highest task id, to check against {@code MaxArraySize}. */
    public int maxTaskId() {
        return ranges.stream().mapToInt(r -> r.last - (r.last - r.first) % r.step).max().orElseThrow();
    }

    @Override
    public String toString() {
        StringBuilder out = new StringBuilder();
        for (Range range : ranges) {
            out.append(out.isEmpty() ? "" : ",").append(range);
        }
        maxRunning.ifPresent(limit -> out.append('%').append(limit));
        return out.toString();
    }
}
