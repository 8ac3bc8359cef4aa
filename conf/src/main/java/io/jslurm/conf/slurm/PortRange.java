package io.jslurm.conf.slurm;

/**
 * A port, or a range of ports such as {@code SlurmctldPort=6817-6818}, where slurmctld listens on every
 * port of the range to spread a busy cluster's connections.
 */
public record PortRange(int first, int last) {

    private static final String EXPECTED = "expected a port number from 1 to 65535, or a range such as 6817-6818";

    public PortRange {
        if (first < 1 || last > 65535 || first > last) {
            throw new IllegalArgumentException(EXPECTED);
        }
    }

    public static PortRange parse(String text) {
        String[] parts = text.strip().split("-", -1);
        if (parts.length > 2) {
            throw new IllegalArgumentException(EXPECTED);
        }
        try {
            int first = Integer.parseInt(parts[0]);
            return new PortRange(first, parts.length == 2 ? Integer.parseInt(parts[1]) : first);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(EXPECTED);
        }
    }

    public int count() {
        return last - first + 1;
    }

    @Override
    public String toString() {
        return first == last ? Integer.toString(first) : first + "-" + last;
    }
}
