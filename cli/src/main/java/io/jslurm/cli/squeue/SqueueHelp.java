package io.jslurm.cli.squeue;

/** Usage text for {@code squeue --help}. */
final class SqueueHelp {

    private SqueueHelp() {
    }

    static final String TEXT = """
            Usage: squeue [OPTIONS]
              -A, --account=LIST        jobs of these accounts
              -a, --all                 include jobs in hidden partitions
              -r, --array               one line per array task
              -h, --noheader            no header line
              -j, --jobs=LIST           these jobs (12, 12_4, 12_[1-3])
              -l, --long                longer layout, with the date
              -n, --name=LIST           jobs with these names
                  --noconvert           sizes in MB
              -o, --format=FORMAT       layout as %[.][size]letter fields
              -O, --Format=LIST         layout as name[:[.][size][suffix]] fields
              -p, --partition=LIST      jobs in these partitions
              -q, --qos=LIST            jobs with these QOS
              -S, --sort=KEYS           sort keys, e.g. P,t,-p
                  --start               pending jobs with their expected start
              -t, --states=LIST         states (names or codes, or all)
              -u, --user=LIST           jobs of these users
                  --me                  jobs of the calling user
              -w, --nodelist=HOSTLIST   jobs on these nodes
                  --json                JSON output
              -V, --version             print the version
                  --help                print this text
            """;
}
