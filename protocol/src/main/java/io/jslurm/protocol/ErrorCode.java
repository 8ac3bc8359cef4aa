package io.jslurm.protocol;

/**
 * The Slurm errno values this layer produces itself. Handlers may answer with any Slurm errno;
 * {@link io.jslurm.protocol.proto.Error#getCode()} is a plain int so codes not listed here pass
 * through unchanged.
 */
public enum ErrorCode {
    SLURM_ERROR(-1),
    SLURM_UNEXPECTED_MSG_ERROR(1000),
    SLURM_COMMUNICATIONS_CONNECTION_ERROR(1001),
    SLURM_PROTOCOL_VERSION_ERROR(1005),
    SLURM_PROTOCOL_AUTHENTICATION_ERROR(1007),
    SLURM_PROTOCOL_INSANE_MSG_LENGTH(1008),
    ESLURM_ACCESS_DENIED(2002),
    ESLURM_NOT_SUPPORTED(2036),
    ESLURM_PROTOCOL_INCOMPLETE_PACKET(5003),
    ESLURM_AUTH_CRED_INVALID(6000),
    ESLURM_AUTH_UNABLE_TO_SIGN(6003);

    private final int code;

    ErrorCode(int code) {
        this.code = code;
    }

    public int code() {
        return code;
    }
}
