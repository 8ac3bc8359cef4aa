package io.jslurm.slurmdbd.admin;

import io.jslurm.common.time.Elapsed;
import io.jslurm.common.time.TimeLimit;
import io.jslurm.common.tres.Tres;

/**
 * Limit values as sacctmgr takes and shows them: {@code -1} clears a limit (stored as NULL), TRES in
 * Slurm's name form, wall times in minutes stored and {@code [D-]HH:MM:SS} shown.
 */
final class Limits {

    private Limits() {
    }

    /** A count, or null for "no limit". */
    static Integer count(String value) throws AdminException {
        if (value.isBlank() || value.strip().equals("-1")) {
            return null;
        }
        try {
            return Integer.valueOf(value.strip());
        } catch (NumberFormatException bad) {
            throw new AdminException("Invalid value: " + value);
        }
    }

    static String tres(String value) throws AdminException {
        if (value.isBlank() || value.strip().equals("-1")) {
            return null;
        }
        try {
            return Tres.parse(value).toString();
        } catch (IllegalArgumentException bad) {
            throw new AdminException("Invalid TRES: " + value + " (" + bad.getMessage() + ")");
        }
    }

    static Integer wallMinutes(String value) throws AdminException {
        if (value.isBlank() || value.strip().equals("-1")) {
            return null;
        }
        try {
            TimeLimit limit = TimeLimit.parse(value.strip());
            return limit.isUnlimited() ? null : Math.toIntExact(limit.minutes());
        } catch (IllegalArgumentException bad) {
            throw new AdminException("Invalid wall time: " + value);
        }
    }

    /** A duration in seconds ({@code 10:00} is ten minutes, as Slurm reads times), or null for none. */
    static Integer seconds(String value) throws AdminException {
        if (value.isBlank() || value.strip().equals("-1")) {
            return null;
        }
        try {
            return Math.toIntExact(Elapsed.parse(value.strip()).seconds());
        } catch (IllegalArgumentException | ArithmeticException bad) {
            throw new AdminException("Invalid time: " + value);
        }
    }

    static String showSeconds(Object seconds) {
        return seconds == null ? "" : new Elapsed(((Number) seconds).longValue()).toPaddedString();
    }

    static String showWall(Object minutes) {
        return minutes == null ? "" : TimeLimit.ofMinutes(((Number) minutes).longValue()).toPaddedString();
    }

    static String show(Object value) {
        return value == null ? "" : value.toString();
    }
}
