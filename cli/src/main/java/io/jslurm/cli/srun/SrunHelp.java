package io.jslurm.cli.srun;

/** {@code srun --help}. */
final class SrunHelp {

    private SrunHelp() {
    }

    static final String TEXT = """
            Usage: srun [OPTIONS(0)... [executable(0) [args(0)...]]]
            Parallel run options:
              -A, --account=name          charge job to specified account
              -c, --cpus-per-task=ncpus   number of cpus required per task
              -D, --chdir=path            change remote current working directory
              -e, --error=err             location of stderr redirection
                  --exact                 use only as many CPUs as requested
              -G, --gpus=n                count of GPUs required for the job
                  --gpus-per-task=n       number of GPUs required per spawned task
                  --gpu-bind=...          task to gpu binding options
                  --gres=list             required generic resources
              -I, --immediate[=secs]      exit if resources not available in "secs"
              -i, --input=in              location of stdin redirection (none, a task id, or a file)
              -J, --job-name=jobname      name of job
                  --jobid=id              run under already allocated job
              -l, --label                 prepend task number to lines of stdout/err
              -m, --distribution=type     distribution method for processes to nodes (block or cyclic)
                  --mem=MB                minimum amount of real memory
                  --mem-per-cpu=MB        real memory per allocated CPU
                  --mem-per-gpu=MB        real memory per allocated GPU
                  --mpi=type              type of MPI being used (none, pmi2)
              -n, --ntasks=ntasks         number of tasks to run
                  --ntasks-per-node=n     number of tasks to invoke on each node
              -N, --nodes=N               number of nodes on which to run
              -o, --output=out            location of stdout redirection
                  --overlap               allow other steps to overlap this step
              -p, --partition=partition   partition requested
              -q, --qos=qos               quality of service
              -s, --oversubscribe         over-subscribe resources with other jobs
              -Q, --quiet                 quiet mode (suppress informational messages)
              -t, --time=minutes          time limit
              -w, --nodelist=hosts...     request a specific list of hosts
                  --whole                 use all the job's resources on the step's nodes (not --exact)
            """;
}
