package io.jslurm.cli.sstat;

/** Usage text for {@code sstat --help} and {@code --usage}. */
final class SstatHelp {

    private SstatHelp() {
    }

    static final String USAGE = "Usage: sstat [options] -j <job(.stepid)>\n\tUse --help for help\n";

    static final String TEXT = """
            Usage: sstat [OPTIONS] -j <job(.step)>
              -a, --allsteps            without a step: every running step of the job, not only the lowest
              -e, --helpformat          list the fields --format takes
              -h, --help                print this text
              -i, --pidformat           the processes of each step (JobID,Nodelist,Pids)
              -j, --jobs=LIST           the jobs or steps (JOB, JOB.STEP, JOB.batch), comma-separated
              -n, --noheader            no header lines
                  --noconvert           sizes in the unit they were measured in
              -o, --format=LIST         these fields (name or name%WIDTH), also --fields
              -p, --parsable            fields separated by '|', with one at the end
              -P, --parsable2           fields separated by '|'
                  --usage               a short usage line
              -v, --verbose             say which steps are asked for
              -V, --version             print the version
            """;
}
