package io.jslurm.slurmdbd.storage;

import io.jslurm.slurmdbd.records.ExitCode;
import io.jslurm.slurmdbd.records.JobIo;
import io.jslurm.slurmdbd.records.JobKey;
import io.jslurm.slurmdbd.records.JobRecord;
import io.jslurm.slurmdbd.records.JobResources;
import io.jslurm.slurmdbd.records.JobState;
import io.jslurm.slurmdbd.records.JobTimes;
import io.jslurm.slurmdbd.records.Owner;
import io.jslurm.slurmdbd.records.StepId;
import io.jslurm.slurmdbd.records.StepRecord;
import io.jslurm.slurmdbd.records.StepUsage;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import java.util.OptionalLong;

/** Job and step records as a controller would send them, with the fields a test varies up front. */
final class TestJobs {

    static final Instant T0 = Instant.parse("2026-11-01T00:00:00Z");

    private TestJobs() {
    }

    /** A pending job submitted at {@code submit}, recorded at submission. */
    static JobRecord pending(String cluster, long jobId, String user, String account, Instant submit) {
        return new JobRecord(new JobKey(cluster, jobId, submit), Optional.empty(), "train-" + jobId,
                new Owner(user, 1000 + Math.abs(user.hashCode() % 1000), "users", 100), account, "gpu", "normal",
                JobState.PENDING, OptionalLong.empty(), "Priority", ExitCode.SUCCESS, ExitCode.SUCCESS, 4294, new JobResources(
                        "1=8,2=65536,4=1,1001=2", "", OptionalLong.of(65536), false, "", 0, 8, 0),
                new JobTimes(Optional.of(submit), Optional.empty(), Optional.empty(), Duration.ZERO, Optional.of(Duration.ofHours(4))),
                new JobIo("/home/" + user, "/dev/null", "/home/" + user + "/slurm-" + jobId + ".out", "/home/" + user + "/slurm-" + jobId + ".out"),
                "", "sbatch train.sh", 0, submit);
    }

    /** The job started at {@code start} on {@code nodes}. */
    static JobRecord running(JobRecord job, Instant start, String nodes) {
        JobRecord moved = job.withState(JobState.RUNNING, new JobTimes(job.times().eligible(), Optional.of(start), Optional.empty(),
                Duration.ZERO, job.times().timeLimit()), ExitCode.SUCCESS, start);
        return new JobRecord(moved.key(), moved.array(), moved.name(), moved.owner(), moved.account(), moved.partition(),
                moved.qos(), moved.state(), moved.cancelledBy(), "None", moved.exitCode(), moved.derivedExitCode(), moved.priority(),
                new JobResources(job.resources().tresReq(), "1=8,2=65536,4=1,1001=2", job.resources().reqMemMb(), false, nodes, 1, 8, 8),
                moved.times(), moved.io(), moved.comment(), moved.submitLine(), moved.restartCount(), moved.recordTime());
    }

    /** The job ended at {@code end} in {@code state}. */
    static JobRecord ended(JobRecord job, Instant end, JobState state, ExitCode exit) {
        return job.withState(state, new JobTimes(job.times().eligible(), job.times().start(), Optional.of(end),
                Duration.ZERO, job.times().timeLimit()), exit, end);
    }

    /** A job that ran from {@code start} to {@code end} and completed. */
    static JobRecord completed(String cluster, long jobId, String user, String account, Instant submit, Instant start, Instant end) {
        return ended(running(pending(cluster, jobId, user, account, submit), start, "gpu01"), end, JobState.COMPLETED, ExitCode.SUCCESS);
    }

    static StepRecord step(JobRecord job, StepId id, JobState state, Instant start, Optional<Instant> end, long maxRss) {
        StepUsage usage = new StepUsage(Duration.ofSeconds(3600, 250_000), Duration.ofSeconds(120), maxRss, maxRss / 2,
                maxRss * 2, 1L << 30, 1L << 28, "2=" + maxRss, "2=" + maxRss / 2, "2=" + maxRss, "", "");
        return new StepRecord(job.key(), id, id.equals(StepId.BATCH) ? "batch" : "python", state, ExitCode.SUCCESS,
                "gpu01", 1, 8, "1=8,2=65536,4=1,1001=2", Optional.of(start), end, usage, end.orElse(start));
    }
}
