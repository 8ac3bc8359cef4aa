package io.jslurm.cli.sacct;

/** {@code sacct --help}. */
final class SacctHelp {

    static final String TEXT = """
            Usage: sacct [OPTIONS]
              -a, --allusers         show jobs of all users
              -A, --accounts=list    only jobs charged to these accounts
              -b, --brief            JobID, State and ExitCode only
                  --delimiter=chars  separator for -p and -P (default |)
              -D, --duplicates       every incarnation of requeued or reused job ids
              -E, --endtime=time     jobs before this time (default now)
              -j, --jobs=list        jobs, array tasks (123_4) or steps (123.batch, 123.0)
              -l, --long             the long field list
              -M, --clusters=name    the cluster to report on
              -n, --noheader         no header lines
                  --name=list        jobs with these names
              -N, --nodelist=hosts   jobs that ran on these nodes
                  --noconvert        sizes in the unit they were measured in
              -o, --format=list      fields to print, each as name or name%width
              -p, --parsable         values separated by |, with a trailing |
              -P, --parsable2        values separated by |, no trailing |
              -r, --partition=list   jobs in these partitions
              -s, --state=list       jobs in these states (CA, CD, F, PD, R, TO, OOM, ...)
              -S, --starttime=time   jobs after this time (default 00:00 today)
              -u, --user=list        jobs of these users (all: every user)
                  --units=[KMGTP]    sizes in this unit
              -X, --allocations      jobs only, not their steps
                  --json             JSON output
              -V, --version          print the version
              -h, --help             this text
            """;

    private SacctHelp() {
    }
}
