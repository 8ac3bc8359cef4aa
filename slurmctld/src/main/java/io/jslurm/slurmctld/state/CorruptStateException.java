package io.jslurm.slurmctld.state;

/** Saved job state that cannot be read back: a checksum mismatch, a truncated record, an unknown format. */
public final class CorruptStateException extends JobStoreException {

    public CorruptStateException(String message) {
        super(message);
    }
}
