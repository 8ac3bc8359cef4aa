package io.jslurm.slurmd.launch;

/**
 * Expands sbatch's {@code -i}/{@code -o}/{@code -e} file name patterns for a batch script:
 * {@code %j} job id, {@code %J} job id (the batch step adds no step number), {@code %A} array
 * master job id (the job id outside arrays), {@code %a} array task id (4294967294 outside arrays,
 * as Slurm prints it), {@code %x} job name, {@code %u} user name, {@code %N} this node's name,
 * {@code %n} node index, {@code %s} step ({@code batch}), {@code %t} task rank (0), {@code %%} a
 * percent sign. A number after {@code %} zero-pads a numeric value to that width ({@code %4a}).
 * A pattern holding a backslash is taken literally, without the backslashes.
 */
public final class FilenamePattern {
    /** Slurm's NO_VAL, what {@code %a} prints for a job that is not an array task. */
    static final long NO_ARRAY_TASK = 4294967294L;

    private FilenamePattern() {
    }

    /** Slurm's default output pattern for this job. */
    public static String defaultOutput(BatchLaunch job) {
        return job.arrayTask().isPresent() ? "slurm-%A_%a.out" : "slurm-%j.out";
    }

    public static String expand(String pattern, BatchLaunch job) {
        if (pattern.indexOf('\\') >= 0) {
            return pattern.replace("\\", "");
        }
        StringBuilder out = new StringBuilder(pattern.length() + 16);
        int i = 0;
        while (i < pattern.length()) {
            char c = pattern.charAt(i);
            if (c != '%' || i + 1 == pattern.length()) {
                out.append(c);
                i++;
                continue;
            }
            int j = i + 1;
            while (j < pattern.length() && Character.isDigit(pattern.charAt(j))) {
                j++;
            }
            if (j == pattern.length()) {
                out.append(pattern, i, j);
                break;
            }
            int width = j > i + 1 ? Integer.parseInt(pattern.substring(i + 1, j)) : 0;
            String value = substitute(pattern.charAt(j), width, job);
            out.append(value != null ? value : pattern.substring(i, j + 1));
            i = j + 1;
        }
        return out.toString();
    }

    /** The replacement for {@code %<width><symbol>}, or null for a symbol Slurm does not know. */
    private static String substitute(char symbol, int width, BatchLaunch job) {
        switch (symbol) {
            case '%':
                return "%";
            case 'j':
            case 'J':
                return padded(job.jobId(), width);
            case 'A':
                return padded(job.arrayTask().map(ArrayTask::arrayJobId).orElse(job.jobId()), width);
            case 'a':
                return padded(job.arrayTask().map(a -> (long) a.taskId()).orElse(NO_ARRAY_TASK), width);
            case 'n':
                return padded(job.allocation().nodeIndex(), width);
            case 't':
                return padded(0, width);
            case 's':
                return "batch";
            case 'x':
                return job.jobName();
            case 'u':
                return job.user().name();
            case 'N':
                return job.allocation().nodeName();
            default:
                return null;
        }
    }

    private static String padded(long value, int width) {
        String digits = Long.toString(value);
        return digits.length() >= width ? digits : "0".repeat(width - digits.length()) + digits;
    }
}
