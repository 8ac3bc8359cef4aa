package io.jslurm.protocol;

import java.util.Objects;

/** A request answered with an Error: carries the Slurm errno and the server's message. */
public class RpcException extends Exception {
    private final int errorCode;

    public RpcException(int errorCode, String message) {
        super(Objects.requireNonNull(message, "message"));
        this.errorCode = errorCode;
    }

    public RpcException(ErrorCode errorCode, String message) {
        this(errorCode.code(), message);
    }

    public int errorCode() {
        return errorCode;
    }
}
