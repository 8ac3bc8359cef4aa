package io.jslurm.conf;

import java.util.ArrayList;
import java.util.List;

/**
 * Collects problems while a file is read so that every mistake is reported at once; the single way
 * parsers in this module report errors and warnings.
 */
public final class Diagnostics {

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

    public List<ConfProblem> errors() {
        return problems.stream().filter(p -> p.severity() == ConfProblem.Severity.ERROR).toList();
    }

    public List<ConfProblem> warnings() {
        return problems.stream().filter(p -> p.severity() == ConfProblem.Severity.WARNING).toList();
    }

    /** Throws a {@link ConfException} listing every error collected so far, if there is any. */
    public void throwIfErrors() {
        if (hasErrors()) {
            throw new ConfException(errors());
        }
    }
}
