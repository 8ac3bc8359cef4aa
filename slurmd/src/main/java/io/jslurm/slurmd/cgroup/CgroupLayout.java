package io.jslurm.slurmd.cgroup;

import java.util.Objects;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * Where jobs' cgroups live below a hierarchy's base:
 * {@code jslurm[_<nodename>]/uid_<uid>/job_<jobid>/step_<step>}. The path is a pure function of the
 * job, so a restarted slurmd finds its jobs again; the node name in the prefix lets several slurmd
 * share one host (multiple-slurmd test setups) without seeing each other's jobs.
 *
 * @param nodeName the node this slurmd serves, or empty for the plain {@code jslurm} prefix
 */
public record CgroupLayout(Optional<String> nodeName) {
    static final String ROOT_NAME = "jslurm";
    static final String UID_PREFIX = "uid_";
    static final String JOB_PREFIX = "job_";
    static final String STEP_PREFIX = "step_";
    private static final Pattern NODE_NAME = Pattern.compile("[A-Za-z0-9._-]+");

    public CgroupLayout {
        Objects.requireNonNull(nodeName, "nodeName");
        nodeName.ifPresent(name -> {
            if (!NODE_NAME.matcher(name).matches()) {
                throw new IllegalArgumentException("node name cannot name a cgroup: '" + name + "'");
            }
        });
    }

    public static CgroupLayout shared() {
        return new CgroupLayout(Optional.empty());
    }

    public static CgroupLayout forNode(String nodeName) {
        return new CgroupLayout(Optional.of(nodeName));
    }

    /** The directory holding every job of this slurmd: {@code jslurm} or {@code jslurm_<nodename>}. */
    public String prefix() {
        return nodeName.map(name -> ROOT_NAME + "_" + name).orElse(ROOT_NAME);
    }

    public String user(int uid) {
        if (uid < 0) {
            throw new IllegalArgumentException("uid must not be negative: " + uid);
        }
        return prefix() + "/" + UID_PREFIX + uid;
    }

    public String job(int uid, long jobId) {
        if (jobId <= 0) {
            throw new IllegalArgumentException("job id must be positive: " + jobId);
        }
        return user(uid) + "/" + JOB_PREFIX + jobId;
    }

    public String step(int uid, long jobId, StepName step) {
        return job(uid, jobId) + "/" + step.directoryName();
    }
}
