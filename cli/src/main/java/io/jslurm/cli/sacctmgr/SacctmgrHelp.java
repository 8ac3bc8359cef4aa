package io.jslurm.cli.sacctmgr;

/** {@code sacctmgr --help}. */
final class SacctmgrHelp {

    static final String TEXT = """
            Usage: sacctmgr [OPTIONS] COMMAND
              -i, --immediate   commit changes without asking
              -n, --noheader    no header lines
              -p, --parsable    values separated by |, with a trailing |
              -P, --parsable2   values separated by |, no trailing |
              -Q, --quiet       print no messages, only errors
              -V, --version     print the version
              -h, --help        this text

            Commands:
              add|create    cluster|account|user|qos NAME[,NAME...] [OPTION=VALUE...]
              modify|update cluster|account|user|qos|association [where OPTION=VALUE...] set OPTION=VALUE...
              delete|remove cluster|account|user|qos NAME[,NAME...]
              show|list     cluster|account|user|qos|association [NAME...] [where OPTION=VALUE...] [format=FIELD[%WIDTH],...]
              show|list     event [nodes=LIST] [start=TIME] [end=TIME] [states=LIST] [event=node|cluster]
                            [users=LIST] [reason=TEXT] [condflags=open] [all_time] [format=FIELD[%WIDTH],...]
            """;

    private SacctmgrHelp() {
    }
}
