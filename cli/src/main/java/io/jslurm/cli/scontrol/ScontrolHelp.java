package io.jslurm.cli.scontrol;

/** Usage text for {@code scontrol --help}. */
final class ScontrolHelp {

    private ScontrolHelp() {
    }

    static final String TEXT = """
            Usage: scontrol [OPTIONS] COMMAND [ARGUMENTS]

            Options:
              -d, --details    show more detail
              -o, --oneliner   one record per line
              --json           print records as JSON
              -Q, --quiet      print errors only
              -h, --help       print this text
              -V, --version    print the version

            Commands available without a controller:
              show hostnames [LIST]        one host name per line (LIST defaults to $SLURM_JOB_NODELIST)
              show hostlist LIST           the compact form of LIST, order kept
              show hostlistsorted LIST     the compact form of LIST, sorted
            LIST is a hostlist expression such as gpu-node[01-04,07], or the absolute path of a file of names.

            Commands that need slurmctld: show job|node|partition|config, update, hold, release, uhold,
            requeue, requeuehold, suspend, resume, ping, reconfigure.
            Keywords are case-insensitive and may be abbreviated.
            """;
}
