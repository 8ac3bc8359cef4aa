package io.jslurm.slurmd.hw;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.Objects;

/**
 * Reads the node's uptime from {@code /proc/uptime}. Slurm takes it from sysinfo(2), whose kernel
 * side rounds a started second up, so the fraction here is rounded up too.
 */
public final class UptimeReader {
    private final HostFiles files;

    public UptimeReader(HostFiles files) {
        this.files = Objects.requireNonNull(files, "files");
    }

    public Uptime read() {
        String text = files.read("proc/uptime");
        String first = text.split("\\s+")[0];
        try {
            return new Uptime(new BigDecimal(first).setScale(0, RoundingMode.CEILING).longValueExact());
        } catch (NumberFormatException | ArithmeticException e) {
            throw new HardwareException(files.resolve("proc/uptime") + " holds '" + text + "', not an uptime", e);
        }
    }
}
