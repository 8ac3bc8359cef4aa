package io.jslurm.slurmd.gpu;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A PCI address {@code domain:bus:device.function}. NVML prints the domain with 8 hex digits
 * ({@code 00000000:18:00.0}), lspci and sysfs with 4; both parse to the same value, and equal
 * addresses compare equal whatever their spelling.
 */
public record PciBusId(int domain, int bus, int device, int function) {
    private static final Pattern FORM = Pattern.compile(
            "(?:([0-9a-fA-F]{1,8}):)?([0-9a-fA-F]{1,2}):([0-9a-fA-F]{1,2})\\.([0-7])");

    public PciBusId {
        if (domain < 0 || bus < 0 || bus > 0xff || device < 0 || device > 0x1f || function < 0 || function > 7) {
            throw new IllegalArgumentException("not a PCI address: " + domain + ":" + bus + ":" + device + "." + function);
        }
    }

    public static PciBusId parse(String text) {
        Matcher m = FORM.matcher(text.strip());
        if (!m.matches()) {
            throw new IllegalArgumentException("not a PCI bus id: '" + text + "'");
        }
        int domain = m.group(1) == null ? 0 : (int) Long.parseLong(m.group(1), 16);
        return new PciBusId(domain, Integer.parseInt(m.group(2), 16), Integer.parseInt(m.group(3), 16),
                Integer.parseInt(m.group(4)));
    }

    /** NVML's spelling: {@code 00000000:18:00.0}. */
    @Override
    public String toString() {
        return String.format("%08X:%02X:%02X.%X", domain, bus, device, function);
    }
}
