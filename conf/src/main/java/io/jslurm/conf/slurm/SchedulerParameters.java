package io.jslurm.conf.slurm;

import io.jslurm.conf.parse.ValueForms;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The options of {@code SchedulerParameters} that the scheduler uses, with Slurm's defaults; any
 * other option is kept as written in {@link #others()}.
 *
 * @param bfWindowMinutes how far ahead backfill plans
 * @param bfResolutionSeconds the time granularity of backfill plans
 */
public record SchedulerParameters(int bfWindowMinutes, int bfResolutionSeconds, int bfMaxJobTest, boolean bfContinue,
                                  int bfIntervalSeconds, int bfMaxJobUser, int bfMaxJobPart, int defaultQueueDepth,
                                  boolean bfBusyNodes, Map<String, String> others) {

    public static final SchedulerParameters DEFAULTS =
            new SchedulerParameters(1440, 60, 500, false, 30, 0, 0, 100, false, Map.of());

    public SchedulerParameters {
        others = Map.copyOf(others);
    }

    /** Parses {@code bf_window=2880,bf_continue,...}; throws with the offending option named. */
    public static SchedulerParameters parse(String text) {
        Map<String, String> options = new LinkedHashMap<>(ValueForms.splitOptions(text));
        SchedulerParameters d = DEFAULTS;
        return new SchedulerParameters(
                intOption(options, "bf_window", d.bfWindowMinutes, 1),
                intOption(options, "bf_resolution", d.bfResolutionSeconds, 1),
                intOption(options, "bf_max_job_test", d.bfMaxJobTest, 1),
                flag(options, "bf_continue"),
                intOption(options, "bf_interval", d.bfIntervalSeconds, 1),
                intOption(options, "bf_max_job_user", d.bfMaxJobUser, 0),
                intOption(options, "bf_max_job_part", d.bfMaxJobPart, 0),
                intOption(options, "default_queue_depth", d.defaultQueueDepth, 1),
                flag(options, "bf_busy_nodes"),
                options);
    }

    private static int intOption(Map<String, String> options, String name, int fallback, int min) {
        String value = options.remove(name);
        if (value == null) {
            return fallback;
        }
        try {
            int parsed = Integer.parseInt(value);
            if (parsed >= min) {
                return parsed;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw new IllegalArgumentException("option " + name + "=" + value + " needs a whole number of at least " + min);
    }

    private static boolean flag(Map<String, String> options, String name) {
        String value = options.remove(name);
        if (value != null && !value.isEmpty()) {
            throw new IllegalArgumentException("option " + name + " takes no value");
        }
        return value != null;
    }
}
