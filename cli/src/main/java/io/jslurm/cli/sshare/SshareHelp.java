package io.jslurm.cli.sshare;

/** Usage text for {@code sshare --help}. */
final class SshareHelp {

    private SshareHelp() {
    }

    static final String TEXT = """
            Usage: sshare [OPTIONS]
              -A, --accounts=LIST       only these accounts
              -a, --all                 every user, not only you
              -l, --long                adds NormUsage, LevelFS, GrpTRESMins and TRESRunMins
              -m, --partition           adds the Partition column
              -n, --noheader            no header lines
              -p, --parsable            fields separated by '|', with one at the end
              -P, --parsable2           fields separated by '|'
              -u, --users=LIST          only these users (and the accounts)
              -V, --version             print the version
              -h, --help, --usage       print this text
            """;
}
