package io.jslurm.slurmd.launch;

import java.nio.file.Path;
import java.util.Objects;

/** The files a batch script's standard input, output and error are connected to. */
public record StdioFiles(Path input, Path output, Path error) {
    static final Path DEV_NULL = Path.of("/dev/null");

    public StdioFiles {
        Objects.requireNonNull(input, "input");
        Objects.requireNonNull(output, "output");
        Objects.requireNonNull(error, "error");
    }

    /** Expands the job's patterns: input defaults to /dev/null, error to the output file. */
    public static StdioFiles of(BatchLaunch job) {
        StdioSpec spec = job.stdio();
        Path input = spec.input().map(p -> FilenamePattern.resolve(p, job)).orElse(DEV_NULL);
        Path output = FilenamePattern.resolve(spec.output().orElse(FilenamePattern.defaultOutput(job)), job);
        Path error = spec.error().map(p -> FilenamePattern.resolve(p, job)).orElse(output);
        return new StdioFiles(input, output, error);
    }
}
