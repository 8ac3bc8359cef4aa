package io.jslurm.protocol.auth;

import io.jslurm.protocol.proto.Credential;

/**
 * A way of proving who sent a request. Sealed so every server knows the complete list:
 * auth/slurm and auth/munge.
 */
public sealed interface AuthMethod permits SlurmAuth, MungeAuth {

    /** Slurm's plugin name, e.g. "auth/slurm". */
    String pluginName();

    /** Whether this method understands the credential's kind. */
    boolean accepts(Credential credential);

    Identity verify(Credential credential) throws AuthException;
}
