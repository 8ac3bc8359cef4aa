package io.jslurm.slurmd.launch;

import java.nio.file.Path;
import java.util.Objects;

/**
 * The files a batch script's standard input, output and error are connected to. Relative names
 * are opened from the directory the script starts in: its work directory, or {@code /tmp} when
 * that cannot be entered, as Slurm does.
 */
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
        Path input = spec.input().map(p -> expanded(p, job)).orElse(DEV_NULL);
        Path output = expanded(spec.output().orElse(FilenamePattern.defaultOutput(job)), job);
        Path error = spec.error().map(p -> expanded(p, job)).orElse(output);
        return new StdioFiles(input, output, error);
    }

    private static Path expanded(String pattern, BatchLaunch job) {
        return Path.of(FilenamePattern.expand(pattern, job));
    }
}
