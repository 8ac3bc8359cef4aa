package io.jslurm.conf.parse;

/** An enum constant with the spelling configuration files use for it (matched ignoring case). */
public interface ConfChoice {

    String confName();
}
