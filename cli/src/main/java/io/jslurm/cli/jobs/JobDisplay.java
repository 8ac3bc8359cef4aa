package io.jslurm.cli.jobs;

import io.jslurm.common.jobid.ArraySpec;
import io.jslurm.common.time.Elapsed;
import io.jslurm.common.time.TimeLimit;
import io.jslurm.common.time.Timestamps;
import io.jslurm.common.units.MemorySize;
import io.jslurm.common.units.SizeFormatter;
import io.jslurm.protocol.proto.JobDescription;
import io.jslurm.protocol.proto.JobRecord;
import io.jslurm.protocol.proto.JobState;
import java.time.Instant;
import java.time.ZoneId;
import java.util.Locale;
import java.util.Objects;
import java.util.OptionalInt;

/**
 * How one job's values read in squeue and scontrol: ids with array suffixes, durations, times and sizes
 * through common's types, and Slurm's placeholders ({@code N/A}, {@code (null)}) for what is unset.
 *
 * @param now       the time used for elapsed and remaining time
 * @param noConvert {@code --noconvert}: sizes stay in MB
 */
public record JobDisplay(Instant now, ZoneId zone, boolean noConvert) {

    public static final long UNLIMITED_MINUTES = 0xFFFF_FFFFL;
    public static final String NULL = "(null)";
    public static final String NOT_APPLICABLE = "N/A";

    public JobDisplay {
        Objects.requireNonNull(now, "now is null");
        Objects.requireNonNull(zone, "zone is null");
    }

    /** {@code %i}: {@code 123}, {@code 123_4}, or the pending rest of an array, {@code 123_[5-15%4]}. */
    public String id(JobRecord job) {
        if (job.getArrayJobId() == 0) {
            return Long.toString(Integer.toUnsignedLong(job.getJobId()));
        }
        return job.getArrayJobId() + "_" + arrayTask(job);
    }

    /** {@code %K}: the task id, the pending task expression, or N/A outside arrays. */
    public String arrayTaskId(JobRecord job) {
        if (job.getArrayJobId() == 0) {
            return NOT_APPLICABLE;
        }
        if (job.hasArrayTaskId()) {
            return Integer.toUnsignedString(job.getArrayTaskId());
        }
        return pendingTasks(job);
    }

    private String arrayTask(JobRecord job) {
        if (job.hasArrayTaskId()) {
            return Integer.toUnsignedString(job.getArrayTaskId());
        }
        return "[" + pendingTasks(job) + "]";
    }

    private static String pendingTasks(JobRecord job) {
        String tasks = job.getArrayTasksPending();
        OptionalInt max = maxRunning(job);
        return max.isPresent() ? tasks + "%" + max.getAsInt() : tasks;
    }

    /** The record's {@code %N} limit, else (from a controller that does not send one) the request's. */
    private static OptionalInt maxRunning(JobRecord job) {
        if (job.getArrayMaxRunning() > 0) {
            return OptionalInt.of(job.getArrayMaxRunning());
        }
        String array = job.getRequest().getArray();
        if (array.isEmpty()) {
            return OptionalInt.empty();
        }
        try {
            return ArraySpec.parse(array).maxRunning();
        } catch (IllegalArgumentException unreadable) {
            return OptionalInt.empty();
        }
    }

    /** {@code %F}: the array's job id, or the job's own id outside arrays. */
    public String arrayJobId(JobRecord job) {
        return Integer.toUnsignedString(job.getArrayJobId() != 0 ? job.getArrayJobId() : job.getJobId());
    }

    public String jobId(JobRecord job) {
        return Integer.toUnsignedString(job.getJobId());
    }

    public String stateCode(JobRecord job) {
        return JobStates.displayed(job).code();
    }

    public String stateName(JobRecord job) {
        return JobStates.displayed(job).name();
    }

    /** {@code %r}: the reason a job waits (or ended); {@code None} when there is none. */
    public String reason(JobRecord job) {
        return job.getStateReason().isEmpty() ? "None" : job.getStateReason();
    }

    /** {@code %R}: the nodes of a started job, {@code (Reason)} for one that waits or has ended. */
    public String reasonOrNodes(JobRecord job) {
        boolean hasNodes = !job.getNodeList().isEmpty();
        boolean waiting = job.getState() == JobState.JOB_PENDING;
        if (!waiting && hasNodes && (job.getStateReason().isEmpty() || job.getStateReason().equals("None")
                || job.getState() == JobState.JOB_RUNNING || job.getState() == JobState.JOB_SUSPENDED)) {
            return job.getNodeList();
        }
        return "(" + reason(job) + ")";
    }

    /** Run time so far, not counting time suspended. */
    public Elapsed timeUsed(JobRecord job) {
        long start = job.getStartTime();
        if (job.getState() == JobState.JOB_PENDING || start == 0) {
            return Elapsed.ZERO;
        }
        long seconds;
        if (job.getState() == JobState.JOB_SUSPENDED) {
            seconds = job.getPreSuspendSeconds();
        } else {
            long until = job.getEndTime() != 0 && !JobStates.isActive(job) ? job.getEndTime() : now.getEpochSecond();
            if (job.getSuspendTime() != 0) {
                seconds = job.getPreSuspendSeconds() + (until - job.getSuspendTime());
            } else {
                seconds = until - start;
            }
        }
        return new Elapsed(Math.max(0, seconds));
    }

    public String timeUsedText(JobRecord job) {
        return timeUsed(job).toString();
    }

    public TimeLimit timeLimit(JobRecord job) {
        long minutes = limitMinutesOf(job);
        return minutes == UNLIMITED_MINUTES ? TimeLimit.UNLIMITED : TimeLimit.ofMinutes(minutes);
    }

    /**
     * The time limit in minutes, {@link #UNLIMITED_MINUTES} when there is none: the record's copy when the
     * controller sent one, else the request's.
     */
    public static long limitMinutesOf(JobRecord job) {
        if (job.hasTimeLimitMinutes()) {
            return Integer.toUnsignedLong(job.getTimeLimitMinutes());
        }
        JobDescription request = job.getRequest();
        return request.hasTimeLimitMinutes() ? Integer.toUnsignedLong(request.getTimeLimitMinutes()) : UNLIMITED_MINUTES;
    }

    /** {@code %l}: the limit, {@code UNLIMITED}. */
    public String timeLimitText(JobRecord job) {
        return timeLimit(job).toString();
    }

    /** {@code %L}: what is left of the limit; {@code UNLIMITED} without one. */
    public String timeLeftText(JobRecord job) {
        TimeLimit limit = timeLimit(job);
        if (limit.isUnlimited()) {
            return "UNLIMITED";
        }
        long left = limit.seconds() - timeUsed(job).seconds();
        return new Elapsed(Math.max(0, left)).toString();
    }

    public String timeMinText(JobRecord job) {
        JobDescription request = job.getRequest();
        if (!request.hasTimeMinMinutes() || request.getTimeMinMinutes() == 0) {
            return NOT_APPLICABLE;
        }
        return TimeLimit.ofMinutes(Integer.toUnsignedLong(request.getTimeMinMinutes())).toString();
    }

    /** A Unix time as {@code 2026-11-30T01:00:00}, {@code N/A} when unset. */
    public String time(long epochSeconds) {
        return epochSeconds == 0 ? NOT_APPLICABLE : Timestamps.format(Instant.ofEpochSecond(epochSeconds), zone);
    }

    /** As {@link #time(long)}, {@code Unknown} when unset (scontrol's wording). */
    public String timeOrUnknown(long epochSeconds) {
        return epochSeconds == 0 ? Timestamps.UNKNOWN : Timestamps.format(Instant.ofEpochSecond(epochSeconds), zone);
    }

    /** A size in MB, as Slurm converts it ({@code 4G}) unless {@code --noconvert}. */
    public String size(long mebibytes) {
        MemorySize size = MemorySize.ofMebibytes(mebibytes);
        return noConvert ? mebibytes + "M" : SizeFormatter.exact().format(size);
    }

    /** {@code %m}: memory per node or per CPU, as requested. */
    public String minMemory(JobRecord job) {
        JobDescription request = job.getRequest();
        return switch (request.getMemoryCase()) {
            case MEM_PER_NODE_MB -> size(request.getMemPerNodeMb());
            case MEM_PER_CPU_MB -> size(request.getMemPerCpuMb());
            case MEM_PER_GPU_MB -> size(request.getMemPerGpuMb());
            default -> "0";
        };
    }

    /** {@code %c}: the least CPUs per node the job accepts. */
    public String minCpus(JobRecord job) {
        JobDescription request = job.getRequest();
        if (request.hasMinCpusPerNode()) {
            return Integer.toUnsignedString(request.getMinCpusPerNode());
        }
        return request.hasCpusPerTask() ? Integer.toUnsignedString(request.getCpusPerTask()) : "1";
    }

    /** {@code %h}: whether the job shares its nodes. */
    public String overSubscribe(JobRecord job) {
        JobDescription request = job.getRequest();
        return switch (request.getExclusive()) {
            case EXCLUSIVE_NODE -> "NO";
            case EXCLUSIVE_USER -> "USER";
            case EXCLUSIVE_MCS -> "MCS";
            case EXCLUSIVE_TOPO -> "TOPO";
            default -> request.getOversubscribe() ? "YES" : "OK";
        };
    }

    /** {@code %b}: per-node TRES as Slurm 22.05 prints them ({@code gres:gpu:2}). */
    public String tresPerNode(JobRecord job) {
        String gres = job.getRequest().getGres();
        if (gres.isEmpty()) {
            String gpusPerNode = job.getRequest().getGpusPerNode();
            return gpusPerNode.isEmpty() ? NOT_APPLICABLE : "gres:gpu:" + gpusPerNode;
        }
        StringBuilder text = new StringBuilder();
        for (String item : gres.split(",")) {
            if (text.length() > 0) {
                text.append(',');
            }
            text.append(item.startsWith("gres:") ? item : "gres:" + item);
        }
        return text.toString();
    }

    /** {@code %p}: priority scaled to 0..1, as Slurm divides by 2^32-1. */
    public String priorityNormalised(JobRecord job) {
        double scaled = Integer.toUnsignedLong(job.getPriority()) / (double) 0xFFFF_FFFFL;
        return String.format(Locale.ROOT, "%.8f", scaled);
    }

    public String priority(JobRecord job) {
        return Integer.toUnsignedString(job.getPriority());
    }

    /** {@code %z}: sockets, cores and threads per node requested, {@code *} where unset. */
    public String socketsCoresThreads(JobRecord job) {
        JobDescription request = job.getRequest();
        return star(request.hasSocketsPerNode(), request.getSocketsPerNode()) + ":"
                + star(request.hasCoresPerSocket(), request.getCoresPerSocket()) + ":"
                + star(request.hasThreadsPerCore(), request.getThreadsPerCore());
    }

    public static String star(boolean set, int value) {
        return set ? Integer.toUnsignedString(value) : "*";
    }

    /** A text value, or Slurm's {@code (null)} when empty. */
    public static String orNull(String value) {
        return value.isEmpty() ? NULL : value;
    }

    public static String orNotApplicable(String value) {
        return value.isEmpty() ? NOT_APPLICABLE : value;
    }

    /** {@code %n}: the nodes asked for by name. */
    public String requestedNodes(JobRecord job) {
        return job.getRequest().getNodelist();
    }

    /** {@code %o}: the script or command. */
    public String command(JobRecord job) {
        return job.getCommand().isEmpty() ? NULL : job.getCommand();
    }

    public String nodes(JobRecord job) {
        if (job.getNumNodes() != 0) {
            return Integer.toUnsignedString(job.getNumNodes());
        }
        return job.getRequest().hasMinNodes() ? Integer.toUnsignedString(job.getRequest().getMinNodes()) : "1";
    }

    public String cpus(JobRecord job) {
        return job.getNumCpus() == 0 ? "1" : Integer.toUnsignedString(job.getNumCpus());
    }

    public String name(JobRecord job) {
        return nameOf(job);
    }

    public String partition(JobRecord job) {
        return partitionOf(job);
    }

    /** The job's name: the record's copy when the controller sent one, else the request's. */
    public static String nameOf(JobRecord job) {
        return job.getName().isEmpty() ? job.getRequest().getName() : job.getName();
    }

    /** The job's partition(s): the record's copy when the controller sent one, else the request's. */
    public static String partitionOf(JobRecord job) {
        return job.getPartition().isEmpty() ? job.getRequest().getPartition() : job.getPartition();
    }

    public String user(JobRecord job) {
        return job.getUserName().isEmpty() ? Integer.toUnsignedString(job.getUid()) : job.getUserName();
    }

    public String group(JobRecord job) {
        return job.getGroupName().isEmpty() ? Integer.toUnsignedString(job.getGid()) : job.getGroupName();
    }

    /** {@code ExitCode=} as {@code status:signal}. */
    public static String exitCode(int status, int signal) {
        return status + ":" + signal;
    }
}
