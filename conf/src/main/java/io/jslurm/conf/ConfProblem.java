package io.jslurm.conf;

import java.util.Objects;

/** One error or warning found while reading configuration, printed as {@code file:line: message}. */
public record ConfProblem(Severity severity, Location location, String message) {

    public enum Severity { ERROR, WARNING }

    public ConfProblem {
        Objects.requireNonNull(severity, "severity");
        Objects.requireNonNull(location, "location");
        Objects.requireNonNull(message, "message");
    }

    @Override
    public String toString() {
        return location + ": " + message;
    }
}
