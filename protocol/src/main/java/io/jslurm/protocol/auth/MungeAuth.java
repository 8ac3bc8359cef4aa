package io.jslurm.protocol.auth;

import io.jslurm.protocol.ErrorCode;
import io.jslurm.protocol.proto.Credential;
import java.util.Objects;

/**
 * auth/munge verification: the local munged decodes the credential, which proves it was made with
 * the cluster's munge key, is within its lifetime and has not been decoded before (munged keeps
 * the replay cache). uid and gid are munge's account of the process that encoded it, never a
 * claim of the sender; the host comes from the sealed payload.
 */
public final class MungeAuth implements AuthMethod {
    public static final String PLUGIN_NAME = "auth/munge";

    private final Munge munge;

    public MungeAuth(Munge munge) {
        this.munge = Objects.requireNonNull(munge, "munge");
    }

    @Override
    public String pluginName() {
        return PLUGIN_NAME;
    }

    @Override
    public boolean accepts(Credential credential) {
        return credential.getMethodCase() == Credential.MethodCase.MUNGE;
    }

    @Override
    public Identity verify(Credential credential) throws AuthException {
        if (!accepts(credential)) {
            throw invalid(ErrorCode.ESLURM_AUTH_CRED_INVALID, "not an auth/munge credential");
        }
        Munge.Decoded decoded;
        try {
            decoded = munge.decode(credential.getMunge().getCredential());
        } catch (MungeException e) {
            // A munged we cannot reach says nothing about the caller: not the caller's fault.
            ErrorCode code = e.status() == LibMunge.EMUNGE_SOCKET || e.status() == LibMunge.EMUNGE_TIMEOUT
                    ? ErrorCode.SLURM_PROTOCOL_AUTHENTICATION_ERROR : ErrorCode.ESLURM_AUTH_CRED_INVALID;
            throw invalid(code, e.getMessage());
        }
        if (decoded.uid() > Identity.MAX_ID || decoded.gid() > Identity.MAX_ID) {
            throw invalid(ErrorCode.ESLURM_AUTH_CRED_INVALID,
                    "munge: invalid uid/gid " + decoded.uid() + "/" + decoded.gid());
        }
        MungePayload payload;
        try {
            payload = MungePayload.parse(decoded.payload());
        } catch (IllegalArgumentException e) {
            throw invalid(ErrorCode.ESLURM_AUTH_CRED_INVALID, "munge: " + e.getMessage());
        }
        return new Identity(decoded.uid(), decoded.gid(), payload.host(), PLUGIN_NAME);
    }

    private static AuthException invalid(ErrorCode code, String why) {
        return new AuthException(code, why);
    }
}
