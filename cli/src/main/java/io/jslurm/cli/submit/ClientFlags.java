package io.jslurm.cli.submit;

/**
 * What changes only the submitting command's behaviour, not the job.
 *
 * @param parsable  print {@code jobid[;cluster]} instead of a sentence
 * @param testOnly  ask when the job would start, without submitting it
 * @param waitForCompletion return only when the job ends, with its exit code
 * @param quiet     suppress informational messages
 * @param verbosity how many {@code -v} were given
 */
public record ClientFlags(boolean parsable, boolean testOnly, boolean waitForCompletion, boolean quiet, int verbosity) {

    public ClientFlags {
        if (verbosity < 0) {
            throw new IllegalArgumentException("verbosity is negative: " + verbosity);
        }
    }
}
