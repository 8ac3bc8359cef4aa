package io.jslurm.cli.submit;

import java.io.IOException;
import java.time.ZoneId;
import java.util.OptionalInt;

/** What the submitting command reads from the system besides its arguments and environment. */
public interface SystemAccess {

    /** The text of a file, its path taken relative to the working directory. */
    String readFile(String path) throws IOException;

    /** Standard input, for a script given there. */
    String readStandardInput() throws IOException;

    OptionalInt uidOf(String user);

    OptionalInt gidOf(String group);

    /**
     * The submitter's time zone, in which {@code --begin=16:00} is read. Asked for only when needed: loading the
     * zone rules costs more start-up time than all of sbatch's option parsing.
     */
    ZoneId zone();
}
