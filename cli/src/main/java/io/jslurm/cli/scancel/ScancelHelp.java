package io.jslurm.cli.scancel;

/** Usage text for {@code scancel --help}. */
final class ScancelHelp {

    private ScancelHelp() {
    }

    static final String TEXT = """
            Usage: scancel [OPTIONS] [JOB_ID[_ARRAY_ID][.STEP_ID]] ...
              -A, --account=LIST        jobs of these accounts
              -b, --batch               signal the batch shell only
              -f, --full                signal the batch shell and all steps
              -i, --interactive         ask before each job
              -n, --name=LIST           jobs with these names
              -p, --partition=LIST      jobs in these partitions
              -q, --qos=LIST            jobs with these QOS
              -Q, --quiet               no message for jobs already done
              -R, --reservation=NAME    jobs in this reservation
              -s, --signal=SIGNAL       send SIGNAL instead of cancelling
              -t, --state=LIST          jobs in these states (PENDING, RUNNING, SUSPENDED)
              -u, --user=LIST           jobs of these users
                  --me                  jobs of the calling user
              -w, --nodelist=HOSTLIST   jobs on these nodes
                  --wckey=KEY           jobs with this wckey
              -V, --version             print the version
                  --help                print this text
            """;
}
