package io.jslurm.protocol.auth;

import io.jslurm.protocol.proto.Credential;
import java.io.IOException;

/** Supplies a fresh credential for each request (credentials are single use). */
@FunctionalInterface
public interface CredentialSource {
    Credential next() throws IOException;
}
