/* A PMI-2 client as MPI libraries are: each rank puts a value, fences, reads its neighbour's value and the
 * job attributes, and prints one line. Built against Slurm's own libpmi2 (Debian libpmi2-0-dev). */
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
    char jobid[256];
    if (PMI2_Job_GetId(jobid, sizeof jobid) != PMI2_SUCCESS) {
        fprintf(stderr, "PMI2_Job_GetId failed\n");
        return 3;
    }
    char key[64], value[256];
    const char *node = getenv("SLURMD_NODENAME");
    snprintf(key, sizeof key, "card-%d", rank);
    snprintf(value, sizeof value, "rank%d@%s", rank, node ? node : "?");
    if (PMI2_KVS_Put(key, value) != PMI2_SUCCESS || PMI2_KVS_Fence() != PMI2_SUCCESS) {
        fprintf(stderr, "put/fence failed\n");
        return 4;
    }
    int peer = (rank + 1) % size, length = 0, found = 0;
    char got[256] = "", mapping[1024] = "";
    snprintf(key, sizeof key, "card-%d", peer);
    if (PMI2_KVS_Get(jobid, PMI2_ID_NULL, key, got, sizeof got, &length) != PMI2_SUCCESS) {
        fprintf(stderr, "get of %s failed\n", key);
        return 5;
    }
    if (PMI2_Info_GetJobAttr("PMI_process_mapping", mapping, sizeof mapping, &found) != PMI2_SUCCESS) {
        fprintf(stderr, "PMI2_Info_GetJobAttr failed\n");
        return 6;
    }
    /* A second round: fences repeat and see only the new pairs' values. */
    snprintf(key, sizeof key, "round2-%d", rank);
    snprintf(value, sizeof value, "r2-%d", rank * 10);
    PMI2_KVS_Put(key, value);
    PMI2_KVS_Fence();
    char second[256] = "";
    snprintf(key, sizeof key, "round2-%d", peer);
    PMI2_KVS_Get(jobid, PMI2_ID_NULL, key, second, sizeof second, &length);
    printf("rank %d of %d job %s: peer %d gave %s then %s; mapping %s\n", rank, size, jobid, peer, got, second,
           found ? mapping : "none");
    PMI2_Finalize();
    return 0;
}
