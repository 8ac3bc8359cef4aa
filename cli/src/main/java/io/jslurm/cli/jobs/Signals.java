package io.jslurm.cli.jobs;

import java.util.List;
import java.util.Locale;
import java.util.OptionalInt;

/** Signal names and numbers as {@code scancel -s} takes them: {@code KILL}, {@code SIGUSR1}, {@code 10}. */
public final class Signals {

    /** Linux x86-64 numbering, index = number. */
    private static final List<String> NAMES = List.of("", "HUP", "INT", "QUIT", "ILL", "TRAP", "ABRT", "BUS", "FPE",
            "KILL", "USR1", "SEGV", "USR2", "PIPE", "ALRM", "TERM", "STKFLT", "CHLD", "CONT", "STOP", "TSTP", "TTIN",
            "TTOU", "URG", "XCPU", "XFSZ", "VTALRM", "PROF", "WINCH", "IO", "PWR", "SYS");

    public static final int SIGKILL = 9;

    private Signals() {
    }

    public static OptionalInt parse(String text) {
        String upper = text.strip().toUpperCase(Locale.ROOT);
        if (!upper.isEmpty() && upper.chars().allMatch(Character::isDigit)) {
            if (upper.length() > 3) {
                return OptionalInt.empty();
            }
            int number = Integer.parseInt(upper);
            return number >= 1 && number < 65 ? OptionalInt.of(number) : OptionalInt.empty();
        }
        String name = upper.startsWith("SIG") ? upper.substring(3) : upper;
        int index = NAMES.indexOf(name);
        return index > 0 ? OptionalInt.of(index) : OptionalInt.empty();
    }
}
