package io.jslurm.protocol.auth;

import io.jslurm.protocol.proto.Credential;
import java.io.IOException;

/** Supplies a fresh credential for each request (credentials are single use). */
@FunctionalInterface
public interface CredentialSource {
    Credential next() throws IOException;

    /**
     * The next credential as the bytes of a {@link Credential} message. Sources that can sign without
     * protobuf-java override this, so a command's start-up need not load it.
     */
    default byte[] nextEncoded() throws IOException {
        return next().toByteArray();
    }
}
