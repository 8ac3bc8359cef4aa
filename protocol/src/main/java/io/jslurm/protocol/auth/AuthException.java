package io.jslurm.protocol.auth;

import io.jslurm.protocol.ErrorCode;

/** A credential was refused; the message says why, for the server's log and the caller. */
public final class AuthException extends Exception {
    private final ErrorCode errorCode;

    public AuthException(ErrorCode errorCode, String message) {
        super(message);
        this.errorCode = errorCode;
    }

    public ErrorCode errorCode() {
        return errorCode;
    }
}
