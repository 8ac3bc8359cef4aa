package io.jslurm.slurmctld.state;

import io.jslurm.slurmctld.job.Job;
import io.jslurm.slurmctld.job.JobSpec;
import io.jslurm.slurmctld.job.JobStatus;
import java.util.List;
import java.util.Objects;

/** One accepted change to the job table, as the journal and snapshots record it. */
sealed interface JournalEntry {

    /**
     * New jobs (one, or every task of an array), and the job id counter after them. Snapshots reuse this entry
     * for the jobs they hold.
     */
    record Submitted(List<Job> jobs, long nextJobId) implements JournalEntry {
        public Submitted {
            jobs = List.copyOf(jobs);
        }
    }

    /** A job's runtime status replaced: a state change, hold, release or requeue. */
    record StatusChanged(long jobId, JobStatus status) implements JournalEntry {
        public StatusChanged {
            Objects.requireNonNull(status, "status");
        }
    }

    /** A job's request replaced by {@code scontrol update}. */
    record SpecUpdated(long jobId, JobSpec spec) implements JournalEntry {
        public SpecUpdated {
            Objects.requireNonNull(spec, "spec");
        }
    }

    /** Finished jobs forgotten after MinJobAge. */
    record Purged(long[] jobIds) implements JournalEntry {
        public Purged {
            jobIds = jobIds.clone();
        }
    }

    /** Closes a snapshot: without it the snapshot is incomplete and ignored. */
    record SnapshotEnd(int jobCount, long nextJobId) implements JournalEntry {
    }
}
