package io.jslurm.cli.sinfo;

/** Usage text for {@code sinfo --help}. */
final class SinfoHelp {

    private SinfoHelp() {
    }

    static final String TEXT = """
            Usage: sinfo [OPTIONS]
              -a, --all                 include hidden partitions
              -d, --dead                only nodes that do not respond
              -e, --exact               group only nodes alike in every displayed column
              -h, --noheader            no header line
              -l, --long                longer layout, with the date
              -n, --nodes=HOSTLIST      only these nodes
              -N, --Node                one line per node
                  --noconvert           sizes in MB
              -o, --format=FORMAT       layout as %[.][size]letter fields
              -O, --Format=LIST         layout as name[:[.][size][suffix]] fields
              -p, --partition=LIST      only these partitions
              -r, --responding          only nodes that respond
              -R, --list-reasons        why nodes are down, drained or failing
              -s, --summarize           one line per partition
              -t, --states=LIST         only nodes in these states
                  --json                JSON output
              -V, --version             print the version
                  --help                print this text
            """;
}
