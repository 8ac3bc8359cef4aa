package io.jslurm.cli.sacct;

import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/** The job states {@code sacct -s} accepts, by Slurm's short code or full name. */
final class SacctStates {

    private static final Map<String, String> CODES = Map.ofEntries(
            Map.entry("BF", "BOOT_FAIL"), Map.entry("CA", "CANCELLED"), Map.entry("CD", "COMPLETED"),
            Map.entry("DL", "DEADLINE"), Map.entry("F", "FAILED"), Map.entry("NF", "NODE_FAIL"),
            Map.entry("OOM", "OUT_OF_MEMORY"), Map.entry("PD", "PENDING"), Map.entry("PR", "PREEMPTED"),
            Map.entry("R", "RUNNING"), Map.entry("RQ", "REQUEUED"), Map.entry("S", "SUSPENDED"),
            Map.entry("TO", "TIMEOUT"));

    private SacctStates() {
    }

    static Optional<String> parse(String text) {
        String upper = text.strip().toUpperCase(Locale.ROOT);
        if (CODES.containsKey(upper)) {
            return Optional.of(CODES.get(upper));
        }
        return CODES.containsValue(upper) ? Optional.of(upper) : Optional.empty();
    }
}
