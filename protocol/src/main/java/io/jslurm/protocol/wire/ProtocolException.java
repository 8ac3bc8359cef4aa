package io.jslurm.protocol.wire;

import io.jslurm.protocol.ErrorCode;
import java.io.IOException;

/** The peer broke the wire protocol; the connection cannot be trusted any further. */
public final class ProtocolException extends IOException {
    private final ErrorCode errorCode;

    public ProtocolException(ErrorCode errorCode, String message) {
        super(message);
        this.errorCode = errorCode;
    }

    public ErrorCode errorCode() {
        return errorCode;
    }
}
