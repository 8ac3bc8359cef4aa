package io.jslurm.common.time;

import io.jslurm.common.text.InvalidValueException;
import java.time.DateTimeException;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.Objects;
import java.util.Optional;

/**
 * Slurm's printed timestamps: local time without zone, {@code 2026-12-01T10:00:00}, as {@code scontrol},
 * {@code squeue} and {@code sacct} show them. An unset time prints as {@code Unknown} (start and end times) or
 * {@code None} (times that may never happen, such as a suspend time); both parse back as empty.
 */
public final class Timestamps {

    public static final String UNKNOWN = "Unknown";
    public static final String NONE = "None";

    private static final DateTimeFormatter FORMAT = DateTimeFormatter.ofPattern("uuuu-MM-dd'T'HH:mm:ss");

    private Timestamps() {
    }

    public static String format(Instant instant, ZoneId zone) {
        return FORMAT.format(LocalDateTime.ofInstant(instant, zone));
    }

    /** {@code Unknown} when {@code instant} is empty. */
    public static String formatOrUnknown(Optional<Instant> instant, ZoneId zone) {
        return instant.map(i -> format(i, zone)).orElse(UNKNOWN);
    }

    /** {@code None} when {@code instant} is empty. */
    public static String formatOrNone(Optional<Instant> instant, ZoneId zone) {
        return instant.map(i -> format(i, zone)).orElse(NONE);
    }

    /** Reads a printed timestamp; {@code Unknown}, {@code None} and {@code N/A} are empty. */
    public static Optional<Instant> parse(String text, ZoneId zone) {
        Objects.requireNonNull(text, "timestamp is null");
        String trimmed = text.strip();
        if (trimmed.equals(UNKNOWN) || trimmed.equals(NONE) || trimmed.equals("N/A")) {
            return Optional.empty();
        }
        try {
            return Optional.of(LocalDateTime.parse(trimmed, FORMAT).atZone(zone).toInstant());
        } catch (DateTimeException e) {
            throw new InvalidValueException("timestamp", text, "expected YYYY-MM-DDTHH:MM:SS, Unknown or None");
        }
    }
}
