package io.jslurm.slurmctld.state;

import java.io.FileOutputStream;
import java.io.IOException;
import java.util.concurrent.atomic.AtomicLong;

/** Counts fsyncs and remembers how long the segment was at the last one: all that a crash keeps of it. */
final class RecordingSync implements SegmentSync {
    final AtomicLong syncs = new AtomicLong();
    final AtomicLong syncedLength = new AtomicLong();

    @Override
    public void sync(FileOutputStream segment) throws IOException {
        FSYNC.sync(segment);
        syncedLength.set(segment.getChannel().size());
        syncs.incrementAndGet();
    }
}
