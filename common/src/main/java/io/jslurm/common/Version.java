package io.jslurm.common;

/** The jslurm release, as recorded in the jar manifest at build time. */
public final class Version {

    private Version() {
    }

    /** The release string, or {@code dev} when running from unpackaged classes. */
    public static String current() {
        String version = Version.class.getPackage().getImplementationVersion();
        return version == null ? "dev" : version;
    }

    /** What every command and daemon prints for {@code -V}/{@code --version}. */
    public static String line() {
        return "jslurm " + current();
    }
}
