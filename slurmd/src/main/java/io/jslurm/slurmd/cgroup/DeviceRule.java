package io.jslurm.slurmd.cgroup;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Objects;
import java.util.OptionalInt;

/**
 * A device number, or every minor of a major, as the v1 devices controller writes it
 * ({@code c 195:3 rwm}, {@code c 195:* rwm}). Rules always cover read, write and mknod: a job either
 * has a device or not.
 *
 * @param minor empty for every minor of the major
 */
public record DeviceRule(DeviceType type, int major, OptionalInt minor) {
    private static final int S_IFMT = 0170000;
    private static final int S_IFCHR = 0020000;
    private static final int S_IFBLK = 0060000;

    public DeviceRule {
        Objects.requireNonNull(type, "type");
        Objects.requireNonNull(minor, "minor");
        if (major < 0) {
            throw new IllegalArgumentException("device major must not be negative: " + major);
        }
        if (minor.isPresent() && minor.getAsInt() < 0) {
            throw new IllegalArgumentException("device minor must not be negative: " + minor.getAsInt());
        }
    }

    public static DeviceRule character(int major, int minor) {
        return new DeviceRule(DeviceType.CHAR, major, OptionalInt.of(minor));
    }

    /** The rule for the device node a path names (following links, as open(2) does). */
    public static DeviceRule of(Path deviceFile) {
        try {
            int mode = (Integer) Files.getAttribute(deviceFile, "unix:mode");
            long rdev = (Long) Files.getAttribute(deviceFile, "unix:rdev");
            DeviceType type = switch (mode & S_IFMT) {
                case S_IFCHR -> DeviceType.CHAR;
                case S_IFBLK -> DeviceType.BLOCK;
                default -> throw new CgroupException(deviceFile + " is not a device node");
            };
            // glibc's gnu_dev_major/gnu_dev_minor split of a 64-bit dev_t.
            int major = (int) (((rdev >>> 8) & 0xfff) | ((rdev >>> 32) & ~0xfffL));
            int minor = (int) ((rdev & 0xff) | ((rdev >>> 12) & ~0xffL));
            return new DeviceRule(type, major, OptionalInt.of(minor));
        } catch (IOException e) {
            throw new CgroupException("cannot stat device " + deviceFile + ": " + e.getMessage(), e);
        }
    }

    /** The v1 {@code devices.allow}/{@code devices.deny} line. */
    @Override
    public String toString() {
        return type.letter() + " " + major + ":" + (minor.isPresent() ? Integer.toString(minor.getAsInt()) : "*")
                + " rwm";
    }
}
