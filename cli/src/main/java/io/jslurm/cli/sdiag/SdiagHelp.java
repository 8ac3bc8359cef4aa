package io.jslurm.cli.sdiag;

/** sdiag --help and --usage. */
final class SdiagHelp {

    static final String USAGE = "Usage: sdiag [-M cluster] [-aritT]\n";

    static final String TEXT = """
            Usage: sdiag [OPTIONS]
              -a, --all           all statistics
              -r, --reset         reset statistics
              -M, --cluster       direct the request to a specific cluster
              -i, --sort-by-id    sort RPCs by id
              -t, --sort-by-time  sort RPCs by total run time
              -T, --sort-by-time2 sort RPCs by average run time
                  --json          statistics as JSON
              -V, --version       display current version number

            Help options:
              --help          show this help message
              --usage         display brief usage message
            """;

    private SdiagHelp() {
    }
}
