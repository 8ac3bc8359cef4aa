package io.jslurm.cli.srun;

import io.jslurm.cli.interactive.InteractiveOptions;
import io.jslurm.common.units.MemorySize;
import java.io.PrintStream;
import java.util.Optional;

/**
 * srun's checks of its memory and step-shape options before it asks for anything, with Slurm 22.05's messages and
 * exit statuses: a size it cannot read is 255 (Slurm exits -1 there), the conflicts are 1.
 */
final class StepOptionCheck {

    private StepOptionCheck() {
    }

    /** @return 0 when the options may be used, else srun's exit status, the error printed on {@code err} */
    static int check(InteractiveOptions options, PrintStream err) {
        if (!readable(options.memory(), "--mem", err) || !readable(options.memPerCpu(), "--mem-per-cpu", err)
                || !readable(options.memPerGpu(), "--mem-per-gpu", err)) {
            return 255;
        }
        if (options.memoryConflict()) {
            err.println("srun: fatal: --mem, --mem-per-cpu, and --mem-per-gpu are mutually exclusive.");
            return 1;
        }
        if (options.exact() && options.whole()) {
            err.println("srun: error: --exact and --whole are mutually exclusive.");
            return 1;
        }
        return 0;
    }

    private static boolean readable(Optional<String> size, String option, PrintStream err) {
        try {
            size.ifPresent(MemorySize::parse);
            return true;
        } catch (IllegalArgumentException e) {
            // InvalidValueException for a size it cannot read, IllegalArgumentException for a negative one.
            err.println("srun: error: Invalid " + option + " specification");
            return false;
        }
    }
}
