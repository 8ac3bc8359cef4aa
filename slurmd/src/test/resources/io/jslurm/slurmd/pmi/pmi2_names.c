/* PMI-2's name service and spawn as an MPI library uses them (MPI_Publish_name, MPI_Lookup_name,
 * MPI_Comm_spawn), built against Slurm's own libpmi2: rank 0 publishes a name, every rank looks it up after a
 * fence, rank 0 unpublishes it, the last rank finds it gone, and rank 0's spawn is refused. One line per rank. */
#include <stdio.h>
#include <stdlib.h>
#include <slurm/pmi2.h>

int main(void)
{
    int spawned, size, rank, appnum;
    if (PMI2_Init(&spawned, &size, &rank, &appnum) != PMI2_SUCCESS) {
        fprintf(stderr, "PMI2_Init failed\n");
        return 2;
    }
    const char *node = getenv("SLURMD_NODENAME");
    char port[256] = "";
    if (rank == 0) {
        snprintf(port, sizeof port, "tcp://%s:4242", node ? node : "?");
        if (PMI2_Nameserv_publish("jslurm-svc", NULL, port) != PMI2_SUCCESS) {
            fprintf(stderr, "publish failed\n");
            return 3;
        }
        /* A second publish of the same name is refused. */
        if (PMI2_Nameserv_publish("jslurm-svc", NULL, "other") == PMI2_SUCCESS) {
            fprintf(stderr, "second publish succeeded\n");
            return 4;
        }
    }
    PMI2_KVS_Fence();
    char found[256] = "";
    int lookup = PMI2_Nameserv_lookup("jslurm-svc", NULL, found, sizeof found);
    PMI2_KVS_Fence();
    if (rank == 0 && PMI2_Nameserv_unpublish("jslurm-svc", NULL) != PMI2_SUCCESS) {
        fprintf(stderr, "unpublish failed\n");
        return 5;
    }
    PMI2_KVS_Fence();
    char after[256] = "";
    int gone = PMI2_Nameserv_lookup("jslurm-svc", NULL, after, sizeof after) != PMI2_SUCCESS;
    int spawn = -1;
    if (rank == 0) {
        const char *cmds[] = {"/bin/true"};
        int argcs[] = {0};
        const char **argvs[] = {NULL};
        const int maxprocs[] = {1};
        const int infos[] = {0};
        int errors[1] = {0};
        char jobid[64];
        spawn = PMI2_Job_Spawn(1, cmds, argcs, argvs, maxprocs, infos, NULL, 0, NULL, jobid, sizeof jobid, errors);
    }
    printf("rank %d found %s (%s) then %s; spawn %s\n", rank, lookup == PMI2_SUCCESS ? found : "nothing",
           lookup == PMI2_SUCCESS ? "ok" : "failed", gone ? "gone" : after,
           rank != 0 ? "-" : spawn == PMI2_SUCCESS ? "ran" : "refused");
    PMI2_Finalize();
    return 0;
}
