package io.jslurm.slurmctld.state;

import java.io.FileOutputStream;
import java.io.IOException;

/** How the journal forces a written batch to disk; tests put a gate in front of the real fsync. */
@FunctionalInterface
interface SegmentSync {

    SegmentSync FSYNC = segment -> segment.getFD().sync();

    void sync(FileOutputStream segment) throws IOException;
}
