package io.jslurm.cli.sbatch;

import java.nio.file.Path;
import java.time.InstantSource;
import java.util.Arrays;

/**
 * Measures, in a fresh JVM, how long sbatch takes from its main method to a finished submission, class loading
 * included: {@code java -cp ... io.jslurm.cli.sbatch.SbatchStartupProbe SCRIPT}. The JVM's own start comes on top.
 */
public final class SbatchStartupProbe {

    private SbatchStartupProbe() {
    }

    public static void main(String[] args) {
        long start = System.nanoTime();
        SbatchOutcome outcome = new SbatchParser(ProcessContext.current(InstantSource.system(),
                Path.of("").toAbsolutePath())).parse(Arrays.asList(args));
        long end = System.nanoTime();
        System.out.println((end - start) / 1000 + " us " + outcome.getClass().getSimpleName());
    }
}
