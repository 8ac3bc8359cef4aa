package io.jslurm.slurmdbd.admin;

/** A sacctmgr request that cannot be carried out as asked; the message is shown to the user. */
public final class AdminException extends Exception {

    public AdminException(String message) {
        super(message);
    }
}
