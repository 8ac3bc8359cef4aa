package io.jslurm.protocol.auth;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.InstantSource;

/** Picks how a command obtains credentials for the user running it. */
public final class CredentialSources {
    private CredentialSources() {
    }

    /**
     * Signs directly when this process can read the key (root, SlurmUser), otherwise asks the
     * credential service. A readable key with unsafe permissions is an error, not a fallback: the
     * administrator has to fix it.
     */
    public static CredentialSource forCurrentUser(Path keyFile, Path serviceSocket, InstantSource clock)
            throws IOException {
        if (Files.isReadable(keyFile)) {
            ProcessUser self = ProcessUser.current();
            SlurmCredentialSigner signer = new SlurmCredentialSigner(SlurmKey.load(keyFile), clock);
            return signer.sourceFor(self.uid(), self.gid(), LocalHost.name());
        }
        return new CredentialServiceClient(serviceSocket);
    }
}
