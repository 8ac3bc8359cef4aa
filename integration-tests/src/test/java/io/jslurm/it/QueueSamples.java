package io.jslurm.it;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * The states a few jobs go through, as squeue shows them ({@code "3=R 4=S"}), each change once, sampled until none of
 * them is in the queue any more: how the time-slicing tests see which job ran while which was suspended.
 */
final class QueueSamples {

    /** A squeue state of a job still in the queue. */
    private static final Pattern ACTIVE = Pattern.compile("=(R|S|PD|CG)\\b");

    private QueueSamples() {
    }

    /**
     * Samples every 300 ms until the jobs left the queue or {@code timeout} passed; while the controller does not
     * answer (restarting) nothing is recorded. The last sample is empty when the jobs ended.
     */
    static List<String> until(Cluster cluster, String jobs, Duration timeout) throws Exception {
        List<String> samples = new ArrayList<>();
        long deadline = System.nanoTime() + timeout.toNanos();
        while (System.nanoTime() < deadline) {
            Optional<String> now = squeue(cluster, jobs);
            if (now.isPresent()) {
                if (samples.isEmpty() || !samples.get(samples.size() - 1).equals(now.get())) {
                    samples.add(now.get());
                }
                if (!ACTIVE.matcher(now.get()).find()) {
                    break;
                }
            }
            Thread.sleep(300);
        }
        return samples;
    }

    /** Whether the last sample shows no job left in the queue. */
    static boolean ended(List<String> samples) {
        return !samples.isEmpty() && !ACTIVE.matcher(samples.get(samples.size() - 1)).find();
    }

    /** "ID=ST ID=ST" of the jobs still in the queue; nothing while the controller does not answer. */
    static Optional<String> squeue(Cluster cluster, String jobs) throws Exception {
        Distribution.Result r = cluster.run("squeue", "-h", "-o", "%i=%t", "-j", jobs);
        return r.exitCode() == 0 ? Optional.of(r.stdout().strip().replace('\n', ' ')) : Optional.empty();
    }

    /** The first sample at or after {@code from} that shows both states, or -1. */
    static int indexOf(List<String> samples, String one, String other, int from) {
        for (int i = Math.max(0, from); i < samples.size(); i++) {
            if (samples.get(i).contains(one) && samples.get(i).contains(other)) {
                return i;
            }
        }
        return -1;
    }
}
