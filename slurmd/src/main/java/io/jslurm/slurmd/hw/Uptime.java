package io.jslurm.slurmd.hw;

/** How long the node has been up, in whole seconds. */
public record Uptime(long seconds) {
    public Uptime {
        if (seconds < 0) {
            throw new IllegalArgumentException("uptime must not be negative: " + seconds);
        }
    }

    /** Slurm's {@code days-hh:mm:ss} form, days not padded: {@code 0-01:02:03}, {@code 12-00:00:59}. */
    public String slurmFormat() {
        long days = seconds / 86_400;
        long hours = seconds / 3_600 % 24;
        long minutes = seconds / 60 % 60;
        long secs = seconds % 60;
        return String.format("%d-%02d:%02d:%02d", days, hours, minutes, secs);
    }

    @Override
    public String toString() {
        return slurmFormat();
    }
}
