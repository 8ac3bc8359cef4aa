package io.jslurm.cli.submit;

import io.jslurm.common.units.MemorySize;
import java.util.Objects;

/** The job's memory request: exactly one of {@code --mem}, {@code --mem-per-cpu}, {@code --mem-per-gpu}. */
public sealed interface MemoryRequest {

    MemorySize size();

    /** {@code --mem}; zero asks for all the memory of each node. */
    record PerNode(MemorySize size) implements MemoryRequest {
        public PerNode {
            Objects.requireNonNull(size, "size is null");
        }

        public boolean isWholeNode() {
            return size.isZero();
        }
    }

    record PerCpu(MemorySize size) implements MemoryRequest {
        public PerCpu {
            Objects.requireNonNull(size, "size is null");
        }
    }

    record PerGpu(MemorySize size) implements MemoryRequest {
        public PerGpu {
            Objects.requireNonNull(size, "size is null");
        }
    }
}
