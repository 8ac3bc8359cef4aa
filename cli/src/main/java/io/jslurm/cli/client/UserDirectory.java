package io.jslurm.cli.client;

/**
 * The users this host knows, by name or uid: Slurm's squeue and scancel refuse a {@code -u} user the host
 * cannot resolve before they ask the controller.
 */
public interface UserDirectory {

    /** Whether {@code user} is a known user name, or the number of a uid that has an entry. */
    boolean knows(String user);
}
