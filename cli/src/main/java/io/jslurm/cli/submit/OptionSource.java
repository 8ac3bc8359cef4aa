package io.jslurm.cli.submit;

import java.util.Objects;

/**
 * Where an option's value came from. Slurm applies batch script directives first, then input environment
 * variables, then the command line, each overriding the one before.
 */
public sealed interface OptionSource {

    /** How an error message names this source; empty for the command line, which needs no naming. */
    String describe();

    /** Slurm judges some conflicts (the memory options) separately for the environment and the rest. */
    default boolean isEnvironment() {
        return false;
    }

    record CommandLine() implements OptionSource {
        @Override
        public String describe() {
            return "";
        }
    }

    record Environment(String variable) implements OptionSource {
        public Environment {
            Objects.requireNonNull(variable, "variable is null");
        }

        @Override
        public String describe() {
            return "environment variable " + variable;
        }

        @Override
        public boolean isEnvironment() {
            return true;
        }
    }

    /** An {@code #SBATCH} line, numbered from 1 as editors number them. */
    record Directive(String scriptName, int line) implements OptionSource {
        public Directive {
            Objects.requireNonNull(scriptName, "scriptName is null");
        }

        @Override
        public String describe() {
            return "line " + line + " of " + scriptName;
        }
    }

    OptionSource COMMAND_LINE = new CommandLine();
}
