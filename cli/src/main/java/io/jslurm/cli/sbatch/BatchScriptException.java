package io.jslurm.cli.sbatch;

/** A script sbatch refuses; the message is what the user sees after {@code sbatch: error: }. */
public final class BatchScriptException extends IllegalArgumentException {

    public BatchScriptException(String message) {
        super(message);
    }
}
