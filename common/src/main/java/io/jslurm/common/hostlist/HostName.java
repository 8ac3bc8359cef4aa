package io.jslurm.common.hostlist;

import java.util.Comparator;

/**
 * One host name split into a text prefix and an optional numeric suffix, the unit Slurm ranges over:
 * {@code gpu-node07} is prefix {@code gpu-node}, number 7, width 2.
 *
 * @param number the numeric suffix, or -1 when the name does not end in digits
 * @param width  how many digits the suffix is written with (leading zeros included)
 */
record HostName(String prefix, long number, int width) {

    /** Suffixes longer than this stay part of the prefix, so that the number fits in a long. */
    private static final int MAX_DIGITS = 18;

    static final Comparator<HostName> ORDER = HostName::compareNodeOrder;

    static HostName of(String host) {
        int digitsStart = host.length();
        while (digitsStart > 0 && Character.isDigit(host.charAt(digitsStart - 1))
                && host.length() - digitsStart < MAX_DIGITS) {
            digitsStart--;
        }
        if (digitsStart == host.length()) {
            return new HostName(host, -1, 0);
        }
        String digits = host.substring(digitsStart);
        return new HostName(host.substring(0, digitsStart), Long.parseLong(digits), digits.length());
    }

    boolean hasNumber() {
        return number >= 0;
    }

    /** Written without leading zeros. */
    boolean natural() {
        return hasNumber() && digits(number) == width;
    }

    static int digits(long number) {
        return Long.toString(number).length();
    }

    /**
     * Whether two numbers can share one range: the same width, or the wider one written without leading
     * zeros, so that 99 and 100 (or 099 and 100) join, while 9 and 010 do not.
     */
    static boolean widthsCompatible(int widthA, boolean naturalA, int widthB, boolean naturalB) {
        if (widthA == widthB) {
            return true;
        }
        return widthA > widthB ? naturalA : naturalB;
    }

    static String pad(long number, int width) {
        String digits = Long.toString(number);
        if (digits.length() >= width) {
            return digits;
        }
        return "0".repeat(width - digits.length()) + digits;
    }

    private int compareNodeOrder(HostName other) {
        int byPrefix = prefix.compareTo(other.prefix);
        if (byPrefix != 0) {
            return byPrefix;
        }
        if (hasNumber() != other.hasNumber()) {
            return hasNumber() ? 1 : -1;
        }
        if (!widthsCompatible(width, natural(), other.width, other.natural())) {
            return Integer.compare(width, other.width);
        }
        return Long.compare(number, other.number);
    }

    @Override
    public String toString() {
        return hasNumber() ? prefix + pad(number, width) : prefix;
    }
}
