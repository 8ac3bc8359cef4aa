package io.jslurm.protocol.auth;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Collections;
import java.util.EnumSet;
import java.util.Set;

/** The cluster key (slurm.key) shared by the controller, the daemons and the credential service. */
public final class SlurmKey {
    /** Shorter keys could be guessed; Slurm's own setup guides generate 1 KiB of random bytes. */
    public static final int MIN_LENGTH = 32;
    private static final Set<PosixFilePermission> GROUP_OR_OTHERS = EnumSet.of(
            PosixFilePermission.GROUP_READ, PosixFilePermission.GROUP_WRITE, PosixFilePermission.GROUP_EXECUTE,
            PosixFilePermission.OTHERS_READ, PosixFilePermission.OTHERS_WRITE, PosixFilePermission.OTHERS_EXECUTE);

    private final HmacSha256 hmac;

    private SlurmKey(byte[] bytes) {
        if (bytes.length < MIN_LENGTH) {
            throw new IllegalArgumentException("slurm.key must hold at least " + MIN_LENGTH + " bytes, it has " + bytes.length);
        }
        this.hmac = new HmacSha256(bytes);
    }

    public static SlurmKey of(byte[] bytes) {
        return new SlurmKey(bytes);
    }

    /**
     * Reads the key file, refusing one that group or others may access: such a key lets any local
     * user sign credentials as root.
     */
    public static SlurmKey load(Path file) throws IOException {
        Set<PosixFilePermission> permissions = Files.getPosixFilePermissions(file);
        if (!Collections.disjoint(permissions, GROUP_OR_OTHERS)) {
            throw new InsecureKeyException("refusing to use " + file + ": it is accessible by group or others ("
                    + PosixFilePermissions.toString(permissions) + "); run: chmod 600 " + file);
        }
        byte[] bytes = Files.readAllBytes(file);
        try {
            return new SlurmKey(bytes);
        } catch (IllegalArgumentException e) {
            throw new InsecureKeyException(file + ": " + e.getMessage());
        }
    }

    /** HMAC-SHA256 of the message under this key. */
    byte[] mac(byte[] message) {
        return hmac.mac(message);
    }

    /** The key file exists but must not be used. */
    public static final class InsecureKeyException extends IOException {
        public InsecureKeyException(String message) {
            super(message);
        }
    }
}
