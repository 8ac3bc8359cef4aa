package io.jslurm.cli.opt;

import java.util.List;

/**
 * Options in the order given, then the words that were not options.
 *
 * @param options   each option with its value (null for flags and absent optional values)
 * @param operands  the remaining words; for commands that stop at the first operand (sbatch's script),
 *                  everything from it on
 */
public record ParsedOptions(List<Given> options, List<String> operands) {

    public record Given(Option option, String value) {
    }

    public ParsedOptions {
        options = List.copyOf(options);
        operands = List.copyOf(operands);
    }
}
