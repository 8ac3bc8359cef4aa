package io.jslurm.cli;

import io.jslurm.common.Version;

/**
 * Stands in for a command that is not built yet, so that a script calling it fails loudly instead of
 * reading fake output. Usage: {@code NotImplemented COMMAND [ARGS...]}.
 */
public final class NotImplemented {

    private NotImplemented() {
    }

    public static void main(String[] args) {
        String command = args.length > 0 ? args[0] : "jslurm";
        System.err.println(command + ": not implemented yet in jslurm " + Version.current());
        System.exit(1);
    }
}
