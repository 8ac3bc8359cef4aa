package io.jslurm.slurmdbd.records;

import java.util.Objects;
import java.util.OptionalLong;

/**
 * What a job asked for and got. TRES strings are in Slurm's {@code id=count} form.
 *
 * @param reqMemMb     ReqMem in MiB, per node or, with {@code memPerCpu}, per CPU
 * @param nodeList     allocated nodes as a hostlist expression, e.g. {@code gpu[01-04]}
 */
public record JobResources(String tresReq, String tresAlloc, OptionalLong reqMemMb, boolean memPerCpu,
                           String nodeList, int allocNodes, int reqCpus, int allocCpus) {

    public static final JobResources NONE = new JobResources("", "", OptionalLong.empty(), false, "", 0, 0, 0);

    public JobResources {
        Objects.requireNonNull(tresReq, "tresReq");
        Objects.requireNonNull(tresAlloc, "tresAlloc");
        Objects.requireNonNull(reqMemMb, "reqMemMb");
        Objects.requireNonNull(nodeList, "nodeList");
        if (allocNodes < 0 || reqCpus < 0 || allocCpus < 0) {
            throw new IllegalArgumentException("negative node or CPU count");
        }
    }
}
