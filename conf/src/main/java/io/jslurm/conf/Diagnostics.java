package io.jslurm.conf;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * Collects problems while a file is read so that every mistake is reported at once; the single way
 * parsers in this module report errors and warnings.
 */
public final class Diagnostics {

    private static final Comparator<ConfProblem> IN_FILE_ORDER = Comparator
            .comparing((ConfProblem p) -> p.location().file()).thenComparingInt(p -> p.location().line());

    private final List<ConfProblem> problems = new ArrayList<>();

    public void error(Location location, String message) {
        add(new ConfProblem(ConfProblem.Severity.ERROR, location, message));
    }

    public void warning(Location location, String message) {
        add(new ConfProblem(ConfProblem.Severity.WARNING, location, message));
    }

    /** A value from a DEFAULT line is checked once per line that uses it; say so only once. */
    private void add(ConfProblem problem) {
        if (!problems.contains(problem)) {
            problems.add(problem);
        }
    }

    public boolean hasErrors() {
        return problems.stream().anyMatch(p -> p.severity() == ConfProblem.Severity.ERROR);
    }

    /** Errors in file and line order, the order a user fixes them in. */
    public List<ConfProblem> errors() {
        return of(ConfProblem.Severity.ERROR);
    }

    public List<ConfProblem> warnings() {
        return of(ConfProblem.Severity.WARNING);
    }

    private List<ConfProblem> of(ConfProblem.Severity severity) {
        return problems.stream().filter(p -> p.severity() == severity).sorted(IN_FILE_ORDER).toList();
    }

    /** Throws a {@link ConfException} listing every error collected so far, if there is any. */
    public void throwIfErrors() {
        if (hasErrors()) {
            throw new ConfException(errors());
        }
    }
}
