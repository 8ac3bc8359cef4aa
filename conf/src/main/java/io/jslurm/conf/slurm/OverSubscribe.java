package io.jslurm.conf.slurm;

import java.util.Locale;
import java.util.Objects;

/**
 * A partition's {@code OverSubscribe} (formerly {@code Shared}): whether jobs may share resources, and
 * how many may share one when they may.
 */
public record OverSubscribe(Mode mode, int maxShare) {

    /** Slurm's share count when {@code YES} or {@code FORCE} has no {@code :N}. */
    public static final int DEFAULT_SHARE = 4;

    public static final OverSubscribe NO = new OverSubscribe(Mode.NO, 1);

    public enum Mode { NO, YES, FORCE, EXCLUSIVE }

    public OverSubscribe {
        Objects.requireNonNull(mode, "mode");
        if (maxShare < 1) {
            throw new IllegalArgumentException("share count must be at least 1");
        }
    }

    public static OverSubscribe parse(String text) {
        String[] parts = text.split(":", 2);
        Mode mode;
        try {
            mode = Mode.valueOf(parts[0].toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("expected NO, YES[:N], FORCE[:N] or EXCLUSIVE");
        }
        if (parts.length == 1) {
            return mode == Mode.YES || mode == Mode.FORCE ? new OverSubscribe(mode, DEFAULT_SHARE) : new OverSubscribe(mode, 1);
        }
        if (mode == Mode.NO || mode == Mode.EXCLUSIVE) {
            throw new IllegalArgumentException(mode + " takes no share count; expected NO, YES[:N], FORCE[:N] or EXCLUSIVE");
        }
        try {
            return new OverSubscribe(mode, Integer.parseInt(parts[1]));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("the share count after " + mode + ": must be a whole number of at least 1");
        }
    }

    @Override
    public String toString() {
        return mode == Mode.YES || mode == Mode.FORCE ? mode + ":" + maxShare : mode.toString();
    }
}
