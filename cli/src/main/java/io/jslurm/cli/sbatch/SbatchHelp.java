package io.jslurm.cli.sbatch;

import io.jslurm.cli.submit.SubmitOption;
import java.util.List;
import java.util.stream.Collectors;

/** The texts of {@code sbatch --help} and {@code sbatch --usage}. */
final class SbatchHelp {

    private static final String HELP = """
            Usage: sbatch [OPTIONS...] [SCRIPT [ARGUMENTS...]]
            Queue a batch job. The script comes from the file SCRIPT, from standard input when no
            SCRIPT is named, or from --wrap. Options may also be given as #SBATCH lines at the top of the
            script and as SBATCH_* environment variables; the command line overrides the environment,
            which overrides the script.

            Naming and output
              -J, --job-name=NAME         name of the job (default: the script's file name)
              -o, --output=PATTERN        file for standard output (default: slurm-%j.out)
              -e, --error=PATTERN         file for standard error (default: with standard output)
              -i, --input=PATTERN         file for standard input (default: /dev/null)
                  --open-mode=append|truncate  how output and error files are opened
              -D, --chdir=DIR             directory the script runs in (default: the current one)
                  --comment=TEXT          free text kept with the job

            Size of the job
              -N, --nodes=N[-MAX]         number of nodes, or a range
              -n, --ntasks=N              number of tasks
                  --ntasks-per-node=N     tasks on each node
                  --ntasks-per-gpu=N      tasks for each GPU
              -c, --cpus-per-task=N       CPUs for each task
                  --mincpus=N             fewest CPUs a node must offer
                  --mem=SIZE              memory per node (0: all of it)
                  --mem-per-cpu=SIZE      memory per allocated CPU
                  --mem-per-gpu=SIZE      memory per allocated GPU
                  --tmp=SIZE              temporary disk space per node
                  --gres=LIST             generic resources per node, e.g. gpu:a100:8
              -G, --gpus=[TYPE:]N         GPUs for the whole job
                  --gpus-per-node=[TYPE:]N  GPUs on each node
                  --gpus-per-task=[TYPE:]N  GPUs for each task
                  --cpus-per-gpu=N        CPUs for each GPU
                  --gpu-bind=...          task to gpu binding options (passed to the steps as SLURM_GPU_BIND)
              -t, --time=LIMIT            time limit (MM, MM:SS, HH:MM:SS, D-HH[:MM[:SS]])
                  --time-min=LIMIT        shortest limit accepted to start sooner

            Placement
              -p, --partition=NAMES       partition(s) to queue in
              -w, --nodelist=HOSTS        nodes that must be included
              -x, --exclude=HOSTS         nodes that must not be used
              -C, --constraint=FEATURES   node features required
                  --contiguous            nodes must be adjacent
                  --exclusive[=user|mcs]  do not share nodes (or only with the same user or MCS label)
              -s, --oversubscribe         allow sharing resources with other jobs
              -m, --distribution=TYPE     task layout: block, cyclic, arbitrary or plane=N, with :levels
                  --network=SPEC          network resources
                  --reservation=NAME      run in this reservation

            Scheduling
              -A, --account=NAME          account charged for the job
              -q, --qos=NAME              quality of service
                  --priority=N|TOP        fixed priority (operators only)
                  --nice[=ADJ]            lower the job's priority by ADJ (default 100)
              -b, --begin=TIME            do not start before TIME
                  --deadline=TIME         remove the job if it cannot end by TIME
              -d, --dependency=LIST       start only after other jobs reach a state
              -a, --array=INDEXES         submit an array of jobs, e.g. 0-15%4
              -H, --hold                  queue the job held
                  --signal=[R:|B:]SIG[@SECONDS]  signal the job before its time limit
                  --requeue, --no-requeue whether the job may be queued again
              -k, --no-kill[=off]         keep running when an allocated node fails
                  --mail-type=EVENTS      events to mail about (BEGIN, END, FAIL, ALL...)
                  --mail-user=ADDRESS     who receives the mail

            Environment
                  --export=ALL|NONE|[ALL,]VARS  variables passed to the job (default ALL)
                  --export-file=FILE      more variables, NAME=value per line
                  --get-user-env          load the user's login environment on the node
                  --uid=USER, --gid=GROUP submit as another user or group (root only)

            The command itself
                  --wrap=COMMAND          run COMMAND with /bin/sh instead of a script
                  --parsable              print only the job id
                  --test-only             report when the job would start; submit nothing
              -W, --wait                  return when the job ends, with its exit code
              -Q, --quiet                 print errors only
              -v, --verbose               tell more; repeat for more
              -h, --help                  this text
                  --usage                 a short synopsis
              -V, --version               the version of jslurm

            """;

    private SbatchHelp() {
    }

    /** The full help, followed by the Slurm options that are recognised but refused. */
    static String help(List<SubmitOption> table) {
        String refused = table.stream()
                .filter(row -> !HELP.contains("--" + row.longName() + "=") && !HELP.contains("--" + row.longName() + " ")
                        && !HELP.contains("--" + row.longName() + "[") && !HELP.contains("--" + row.longName() + ","))
                .map(row -> "--" + row.longName())
                .collect(Collectors.joining(" "));
        return HELP + "Not supported yet (refused): " + refused + "\n";
    }

    static String usage() {
        return """
                Usage: sbatch [-N nodes] [-n tasks] [-c cpus] [-p partition] [-t limit] [-J name]
                              [-o out] [-e err] [-D dir] [--mem=size] [--gres=list] [-G gpus]
                              [-a array] [-d dependency] [--export=vars] [--wrap=command]
                              [--parsable] [--test-only] [-W] [-H] [options...] [script [args...]]
                """;
    }
}
