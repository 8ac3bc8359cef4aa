package io.jslurm.protocol.auth;

import io.jslurm.protocol.proto.Credential;

/**
 * A way of proving who sent a request. Sealed so every server knows the complete list; auth/munge
 * joins as a second permitted implementation.
 */
public sealed interface AuthMethod permits SlurmAuth {

    /** Slurm's plugin name, e.g. "auth/slurm". */
    String pluginName();

    /** Whether this method understands the credential's kind. */
    boolean accepts(Credential credential);

    Identity verify(Credential credential) throws AuthException;
}
