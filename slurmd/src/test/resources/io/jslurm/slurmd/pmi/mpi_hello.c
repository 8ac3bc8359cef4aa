/* A real MPI program: MPI_Init (addresses exchanged through PMI), an MPI_Allreduce of the ranks across every
 * node, MPI_Finalize. One line per rank. */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    int rank, size, sum = 0;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    MPI_Allreduce(&rank, &sum, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    const char *node = getenv("SLURMD_NODENAME");
    printf("mpi rank %d of %d on %s: sum %d\n", rank, size, node ? node : "?", sum);
    MPI_Finalize();
    return 0;
}
