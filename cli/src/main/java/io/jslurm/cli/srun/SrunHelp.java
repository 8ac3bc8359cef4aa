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
              -C, --constraint=list       node features the job's nodes must have (new job only)
                  --contiguous            the job's nodes must be consecutive (new job only)
                  --cpus-per-gpu=n        CPUs for each allocated GPU (new job only)
              -D, --chdir=path            change remote current working directory
              -e, --error=err             location of stderr redirection
                  --exact                 use only as many CPUs as requested
                  --exclusive[=user|mcs]  new job: share no node; in a job: the step gets its own CPUs
              -G, --gpus=n                count of GPUs required for the job
                  --gpus-per-task=n       number of GPUs required per spawned task
                  --gpus-per-node=n       GPUs on each of the job's nodes (new job only)
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
                  --mincpus=n             at least this many CPUs on each node (new job only)
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
                  --test-only             report when a new job would start; allocate nothing
                  --tmp=MB                temporary disk space on each node (new job only)
              -w, --nodelist=hosts...     request a specific list of hosts
                  --whole                 use all the job's resources on the step's nodes (not --exact)
              -x, --exclude=hosts...      keep the new job off these hosts (new job only)
            """;
}
