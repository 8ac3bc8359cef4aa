package io.jslurm.protocol.auth;

import io.jslurm.protocol.ErrorCode;
import io.jslurm.protocol.proto.Credential;
import java.util.List;

/** Verifies request credentials with whichever configured method understands them. */
public final class Authenticator {
    private final List<AuthMethod> methods;

    public Authenticator(List<AuthMethod> methods) {
        this.methods = List.copyOf(methods);
        if (this.methods.isEmpty()) {
            throw new IllegalArgumentException("at least one authentication method is required");
        }
    }

    public Identity verify(Credential credential) throws AuthException {
        if (credential.getMethodCase() == Credential.MethodCase.METHOD_NOT_SET) {
            throw new AuthException(ErrorCode.SLURM_PROTOCOL_AUTHENTICATION_ERROR, "request carries no credential");
        }
        for (AuthMethod method : methods) {
            if (method.accepts(credential)) {
                return method.verify(credential);
            }
        }
        throw new AuthException(ErrorCode.SLURM_PROTOCOL_AUTHENTICATION_ERROR,
                "credential type " + credential.getMethodCase() + " is not accepted here");
    }
}
