package io.jslurm.slurmd.launch;

import io.jslurm.common.signal.SignalSpec;
import io.jslurm.common.time.TimeLimit;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * The request to run one job's batch script on this node, as the controller sends it.
 *
 * <p>{@code environment} is the submitting side's environment after sbatch's {@code --export}
 * rules were applied: {@code ALL} (the default) sends the whole submit environment,
 * {@code NONE} sends nothing but the {@code SLURM_*} variables sbatch itself sets, and a list sends
 * just those names (plus any {@code NAME=value} pairs). The node does not apply {@code --export}
 * again: it starts from exactly this map and lays Slurm's job variables over it, so a
 * {@code SLURM_JOB_ID} the user exported is replaced by the real one, while anything else the user
 * set is kept as sent.
 *
 * @param arrayTask   present for a job array task
 * @param workDir     {@code --chdir}, or the submit directory when not given
 * @param timeLimit   the job's limit; {@link TimeLimit#UNLIMITED} for none
 * @param startTime   when the controller started the job; the time limit counts from here
 * @param signal      {@code --signal}, when given
 * @param script      the batch script's text
 * @param argv        arguments after the script name on the sbatch command line
 */
public record BatchLaunch(
        long jobId,
        Optional<ArrayTask> arrayTask,
        String jobName,
        JobUser user,
        String partition,
        String account,
        String qos,
        String clusterName,
        NodeAllocation allocation,
        Path submitDir,
        String submitHost,
        Path workDir,
        StdioSpec stdio,
        TimeLimit timeLimit,
        Instant startTime,
        Optional<SignalSpec> signal,
        int restartCount,
        Map<String, String> environment,
        String script,
        List<String> argv) {

    public BatchLaunch {
        if (jobId <= 0) {
            throw new IllegalArgumentException("job id must be positive: " + jobId);
        }
        Objects.requireNonNull(arrayTask, "arrayTask");
        Objects.requireNonNull(jobName, "jobName");
        Objects.requireNonNull(user, "user");
        Objects.requireNonNull(partition, "partition");
        Objects.requireNonNull(account, "account");
        Objects.requireNonNull(qos, "qos");
        Objects.requireNonNull(clusterName, "clusterName");
        Objects.requireNonNull(allocation, "allocation");
        Objects.requireNonNull(submitHost, "submitHost");
        Objects.requireNonNull(stdio, "stdio");
        Objects.requireNonNull(timeLimit, "timeLimit");
        Objects.requireNonNull(startTime, "startTime");
        Objects.requireNonNull(signal, "signal");
        Objects.requireNonNull(script, "script");
        requireAbsolute(submitDir, "submit directory");
        requireAbsolute(workDir, "work directory");
        if (restartCount < 0) {
            throw new IllegalArgumentException("restart count is negative: " + restartCount);
        }
        if (timeLimit.equals(TimeLimit.ZERO)) {
            throw new IllegalArgumentException("a job's time limit of zero means UNLIMITED; send that");
        }
        environment = Map.copyOf(environment);
        argv = List.copyOf(argv);
    }

    /** The job's limit as an instant, if it has one. */
    public Optional<Instant> endTime() {
        return timeLimit.isUnlimited() ? Optional.empty() : Optional.of(startTime.plus(timeLimit.toDuration()));
    }

    private static void requireAbsolute(Path path, String what) {
        Objects.requireNonNull(path, what);
        if (!path.isAbsolute()) {
            throw new IllegalArgumentException(what + " must be absolute: " + path);
        }
    }
}
