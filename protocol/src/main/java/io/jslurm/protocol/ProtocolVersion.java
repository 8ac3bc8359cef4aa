package io.jslurm.protocol;

/**
 * The wire protocol version carried in every frame header. A peer speaks any version in
 * [{@link #OLDEST_SUPPORTED}, {@link #CURRENT}] and answers in the version it was spoken to, so
 * daemons can be upgraded one at a time.
 */
public final class ProtocolVersion {
    public static final int CURRENT = 1;
    public static final int OLDEST_SUPPORTED = 1;

    private ProtocolVersion() {
    }

    public static boolean isSupported(int version) {
        return version >= OLDEST_SUPPORTED && version <= CURRENT;
    }
}
