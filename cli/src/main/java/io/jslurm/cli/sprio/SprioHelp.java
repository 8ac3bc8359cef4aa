package io.jslurm.cli.sprio;

/** Usage text for {@code sprio --help}. */
final class SprioHelp {

    private SprioHelp() {
    }

    static final String TEXT = """
            Usage: sprio [OPTIONS]
              -h, --noheader            no header line
              -j, --jobs=LIST           only these job ids (comma separated)
              -l, --long                longer layout, with the user and nice columns
              -n, --norm                normalized factors (0..1) instead of weighted ones
              -o, --format=FORMAT       layout as %[.][size]letter fields
              -p, --partition=LIST      only jobs in these partitions
              -u, --user=LIST           only jobs of these users (names or ids)
              -w, --weights             the configured weight of each factor
              -V, --version             print the version
                  --help, --usage       print this text
            """;
}
