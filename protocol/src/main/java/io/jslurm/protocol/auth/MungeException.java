package io.jslurm.protocol.auth;

import java.io.IOException;

/** libmunge or munged could not do what was asked; {@link #status()} is munge's error number. */
public final class MungeException extends IOException {
    private final int status;

    MungeException(int status, String message) {
        super(message);
        this.status = status;
    }

    /** munge_err_t, e.g. 17 for a replayed credential; -1 when libmunge itself could not be loaded. */
    public int status() {
        return status;
    }
}
