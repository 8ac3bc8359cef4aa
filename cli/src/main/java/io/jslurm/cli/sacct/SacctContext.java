package io.jslurm.cli.sacct;

import io.jslurm.common.units.SizeFormatter;
import java.time.ZoneId;
import java.util.Objects;

/**
 * What printing a field depends on besides the row: the time zone dates are shown in, the present
 * moment (running jobs' Elapsed) and how sizes are scaled ({@code --units}, {@code --noconvert}).
 */
public record SacctContext(ZoneId zone, long nowSeconds, SizeFormatter sizes) {

    public SacctContext {
        Objects.requireNonNull(zone, "zone");
        Objects.requireNonNull(sizes, "sizes");
    }
}
