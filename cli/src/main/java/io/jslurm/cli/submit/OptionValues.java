package io.jslurm.cli.submit;

import io.jslurm.common.dependency.Dependency;
import io.jslurm.common.gres.GpuBind;
import io.jslurm.common.gres.GresSpec;
import io.jslurm.common.hostlist.Hostlist;
import io.jslurm.common.jobid.ArraySpec;
import io.jslurm.common.signal.SignalSpec;
import io.jslurm.common.text.InvalidValueException;
import io.jslurm.common.text.Numbers;
import io.jslurm.common.time.TimeLimit;
import io.jslurm.common.time.TimeSpec;
import io.jslurm.common.units.MemorySize;
import java.io.IOException;
import java.time.DateTimeException;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.OptionalInt;

/**
 * Reads option values with the shared value formats, refusing a bad one as Slurm's client does for that option.
 * Written without lambdas or streams: each would cost start-up time on every sbatch call.
 */
final class OptionValues {

    /** {@code --nice} without a value. */
    static final int DEFAULT_NICE = 100;
    /** The largest adjustment Slurm accepts either way. */
    static final int MAX_NICE = Integer.MAX_VALUE - 2;
    private static final int MAX_COUNT_DIGITS = 9;
    /** Slurm's message for any malformed GRES or GPU request; its status is 1, not 255. */
    static final String INVALID_GRES = "Invalid generic resource (gres) specification";

    private OptionValues() {
    }

    /** A count that must be a positive integer, e.g. {@code --ntasks}. */
    static int positive(String value, String longName) {
        if (!Numbers.isDigits(value) || value.length() > MAX_COUNT_DIGITS || Integer.parseInt(value) == 0) {
            throw SubmitException.invalidNumber(value, longName);
        }
        return Integer.parseInt(value);
    }

    /**
     * {@code --get-user-env[=timeout][mode]}: Slurm reads a leading number as the timeout and then looks only at the
     * next character, which must be S or L (the mode) if there is one; anything else is refused.
     */
    static void getUserEnv(String value) {
        if (value != null && !value.isEmpty() && !value.matches("(?s)[+-]?\\d+([sSlL].*)?|[sSlL].*")) {
            throw SubmitException.invalidSpecification("get-user-env");
        }
    }

    static MemorySize memory(String value, String longName) {
        try {
            return MemorySize.parse(value);
        } catch (InvalidValueException | ArithmeticException invalid) {
            throw SubmitException.invalidSpecification(longName);
        }
    }

    /** {@code --time} (where zero means no limit) or {@code --time-min}. */
    static TimeLimit timeLimit(String value, String longName, boolean zeroIsUnlimited) {
        try {
            return zeroIsUnlimited ? TimeLimit.parseForJob(value) : TimeLimit.parse(value);
        } catch (InvalidValueException | ArithmeticException invalid) {
            throw SubmitException.invalidSpecification(longName);
        }
    }

    /**
     * {@code --gpu-bind}, checked as srun will read it in the job's steps; kept as written because the steps get it
     * as {@code SLURM_GPU_BIND}.
     */
    static String gpuBind(String value) {
        try {
            GpuBind.parse(value);
            return value;
        } catch (InvalidValueException invalid) {
            throw SubmitException.badOption("Invalid --gpu-bind argument: gpu:" + value);
        }
    }

    static ArraySpec array(String value) {
        try {
            return ArraySpec.parse(value);
        } catch (IllegalArgumentException invalid) {
            throw SubmitException.invalidSpecification("array");
        }
    }

    static GresSpec gres(String value) {
        try {
            return GresSpec.parseRequest(value);
        } catch (IllegalArgumentException invalid) {
            throw SubmitException.error(INVALID_GRES);
        }
    }

    /** {@code --gpus} and its per-node and per-task forms: {@code [type:]count}. */
    static GresSpec gpus(String value) {
        try {
            return GresSpec.parseGpus(value);
        } catch (IllegalArgumentException invalid) {
            throw SubmitException.error(INVALID_GRES);
        }
    }

    static SignalSpec signal(String value) {
        try {
            return SignalSpec.parse(value);
        } catch (IllegalArgumentException invalid) {
            throw SubmitException.invalidSpecification("signal");
        }
    }

    static Dependency dependency(String value) {
        try {
            return Dependency.parse(value);
        } catch (IllegalArgumentException invalid) {
            throw SubmitException.invalidSpecification("dependency");
        }
    }

    /** A point in time in {@code --begin}'s forms, resolved now: a relative time counts from submission. */
    static Instant instant(SubmitContext context, String value, String longName) {
        try {
            return TimeSpec.parse(value).resolve(context.clock(), context.system().zone());
        } catch (IllegalArgumentException | DateTimeException | ArithmeticException invalid) {
            throw SubmitException.invalidSpecification(longName);
        }
    }

    static int nice(String value) {
        if (value == null) {
            return DEFAULT_NICE;
        }
        String digits = value.startsWith("-") || value.startsWith("+") ? value.substring(1) : value;
        if (!Numbers.isDigits(digits) || digits.length() > 10) {
            throw SubmitException.invalidSpecification("nice");
        }
        long nice = Long.parseLong(value);
        if (Math.abs(nice) > MAX_NICE) {
            throw SubmitException.badOption("Invalid --nice value, out of range (+/- " + MAX_NICE + ")");
        }
        return (int) nice;
    }

    /** A user or group by number, or by name through the system's databases. */
    static int identity(String value, String longName, OptionalInt byName) {
        if (Numbers.isDigits(value) && value.length() <= 10) {
            long id = Long.parseLong(value);
            if (id <= Integer.MAX_VALUE) {
                return (int) id;
            }
        }
        if (byName.isEmpty()) {
            throw SubmitException.invalidSpecification(longName);
        }
        return byName.getAsInt();
    }

    /** A host list, or with a slash in it, a file holding one. */
    static Hostlist hostlist(SubmitContext context, String value, String longName) {
        String expression = value;
        if (value.indexOf('/') >= 0) {
            try {
                expression = String.join(",", context.system().readFile(value).strip().split("\\s+"));
            } catch (IOException unreadable) {
                throw SubmitException.error("Unable to open file " + value);
            }
        }
        try {
            return Hostlist.parse(expression);
        } catch (IllegalArgumentException invalid) {
            throw SubmitException.invalidSpecification(longName);
        }
    }

    /** Variables as {@code NAME=value}, one per line or separated by NUL characters. */
    static Map<String, String> exportFile(SubmitContext context, String path) {
        String text;
        try {
            text = context.system().readFile(path);
        } catch (IOException unreadable) {
            throw SubmitException.failure("Could not open user environment file " + path);
        }
        Map<String, String> variables = new LinkedHashMap<>();
        for (String entry : text.split(text.indexOf('\0') >= 0 ? "\0" : "\n")) {
            int equals = entry.indexOf('=');
            if (equals > 0) {
                variables.put(entry.substring(0, equals), entry.substring(equals + 1));
            }
        }
        return variables;
    }
}
