package io.jslurm.sched.backfill;

import io.jslurm.sched.QueueEntry;
import io.jslurm.sched.model.ResourceRequest;

/** A job's request in one partition: whatever a map answers about a job, apart from its length, it answers per shape. */
record Shape(ResourceRequest request, String partition) {

    static Shape of(QueueEntry entry) {
        return new Shape(entry.job().request(), entry.partition().name());
    }
}
