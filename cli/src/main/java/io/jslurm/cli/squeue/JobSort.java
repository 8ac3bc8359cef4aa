package io.jslurm.cli.squeue;

import io.jslurm.cli.jobs.JobDisplay;
import io.jslurm.protocol.proto.JobRecord;
import java.util.Comparator;

/**
 * squeue's {@code -S} keys: field letters, each optionally preceded by {@code -} for descending order. Ties
 * keep job id order.
 */
final class JobSort {

    private JobSort() {
    }

    static Comparator<JobRecord> parse(String spec) {
        Comparator<JobRecord> order = null;
        for (String item : spec.split(",")) {
            String key = item.strip();
            boolean descending = key.startsWith("-");
            if (descending || key.startsWith("+")) {
                key = key.substring(1);
            }
            if (key.isEmpty()) {
                continue;
            }
            Comparator<JobRecord> one = byLetter(key.charAt(0));
            if (one == null) {
                continue;
            }
            if (descending) {
                one = one.reversed();
            }
            order = order == null ? one : order.thenComparing(one);
        }
        Comparator<JobRecord> byId = Comparator.comparingLong((JobRecord j) -> Integer.toUnsignedLong(
                j.getArrayJobId() != 0 ? j.getArrayJobId() : j.getJobId()))
                .thenComparingLong(j -> j.hasArrayTaskId() ? Integer.toUnsignedLong(j.getArrayTaskId()) : -1);
        return order == null ? byId : order.thenComparing(byId);
    }

    /** Whether a key of {@code spec} reads the job's request (account, QOS). */
    static boolean needsRequest(String spec) {
        for (String item : spec.split(",")) {
            String key = item.strip();
            if (key.startsWith("-") || key.startsWith("+")) {
                key = key.substring(1);
            }
            if (!key.isEmpty() && "aq".indexOf(key.charAt(0)) >= 0) {
                return true;
            }
        }
        return false;
    }

    /** As the request's unsigned minutes were compared: no limit at all sorts first, UNLIMITED last. */
    private static long limitKey(JobRecord job) {
        return job.hasTimeLimitMinutes() || job.getRequest().hasTimeLimitMinutes() ? JobDisplay.limitMinutesOf(job) : 0;
    }

    private static Comparator<JobRecord> byLetter(char letter) {
        return switch (letter) {
            case 'i', 'A', 'F' -> Comparator.comparingLong(j -> Integer.toUnsignedLong(j.getJobId()));
            case 'P' -> Comparator.comparing(JobDisplay::partitionOf);
            case 't', 'T' -> Comparator.comparingInt(j -> j.getState().getNumber());
            case 'p', 'Q' -> Comparator.comparingLong(j -> Integer.toUnsignedLong(j.getPriority()));
            case 'u' -> Comparator.comparing(JobRecord::getUserName);
            case 'U' -> Comparator.comparingLong(j -> Integer.toUnsignedLong(j.getUid()));
            case 'j' -> Comparator.comparing(JobDisplay::nameOf);
            case 'a' -> Comparator.comparing(j -> j.getRequest().getAccount());
            case 'q' -> Comparator.comparing(j -> j.getRequest().getQos());
            case 'S' -> Comparator.comparingLong(JobRecord::getStartTime);
            case 'V' -> Comparator.comparingLong(JobRecord::getSubmitTime);
            case 'e' -> Comparator.comparingLong(JobRecord::getEndTime);
            case 'M' -> Comparator.comparingLong(j -> j.getStartTime() == 0 ? Long.MAX_VALUE : -j.getStartTime());
            case 'l' -> Comparator.comparingLong(JobSort::limitKey);
            case 'D' -> Comparator.comparingLong(j -> Integer.toUnsignedLong(j.getNumNodes()));
            case 'C' -> Comparator.comparingLong(j -> Integer.toUnsignedLong(j.getNumCpus()));
            case 'N' -> Comparator.comparing(JobRecord::getNodeList);
            case 'r' -> Comparator.comparing(JobRecord::getStateReason);
            default -> null;
        };
    }
}
