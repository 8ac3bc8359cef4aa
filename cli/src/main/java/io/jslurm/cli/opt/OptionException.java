package io.jslurm.cli.opt;

/** A command line getopt_long would refuse; the message is getopt's, without the program name. */
public final class OptionException extends IllegalArgumentException {

    public OptionException(String message) {
        super(message);
    }
}
