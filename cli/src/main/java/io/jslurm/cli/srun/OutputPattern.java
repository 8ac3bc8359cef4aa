package io.jslurm.cli.srun;

import java.util.Objects;

/**
 * srun's {@code --output}/{@code --error}/{@code --input} file name patterns: {@code %j} job id, {@code %s} step
 * id, {@code %J} both as {@code job.step}, {@code %t} task id, {@code %n} node id within the step, {@code %N}
 * node name, {@code %u} user, {@code %x} job name, {@code %%} a percent sign; a number after the percent sign
 * pads with zeros ({@code %3t} is {@code 007}).
 */
public record OutputPattern(String pattern) {

    public OutputPattern {
        Objects.requireNonNull(pattern, "pattern");
    }

    /** What one task's file is called. */
    public record Task(long jobId, int stepId, int task, int nodeId, String nodeName, String user, String jobName) {
    }

    public String expand(Task t) {
        StringBuilder out = new StringBuilder();
        int i = 0;
        while (i < pattern.length()) {
            char c = pattern.charAt(i++);
            if (c != '%' || i >= pattern.length()) {
                out.append(c);
                continue;
            }
            int start = i;
            while (i < pattern.length() && Character.isDigit(pattern.charAt(i))) {
                i++;
            }
            int width = i > start ? Integer.parseInt(pattern.substring(start, i)) : 0;
            if (i >= pattern.length()) {
                out.append(pattern, start - 1, i);
                break;
            }
            char letter = pattern.charAt(i++);
            String value = switch (letter) {
                case 'j' -> pad(Long.toString(t.jobId()), width);
                case 's' -> pad(Integer.toString(t.stepId()), width);
                case 'J' -> pad(t.jobId() + "." + t.stepId(), width);
                case 't' -> pad(Integer.toString(t.task()), width);
                case 'n' -> pad(Integer.toString(t.nodeId()), width);
                case 'N' -> t.nodeName();
                case 'u' -> t.user();
                case 'x' -> t.jobName();
                case '%' -> "%";
                default -> "%" + pattern.substring(start, i);
            };
            out.append(value);
        }
        return out.toString();
    }

    private static String pad(String digits, int width) {
        return digits.length() >= width ? digits : "0".repeat(width - digits.length()) + digits;
    }
}
