package io.jslurm.slurmd.prolog;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * What a node knows of a job when it runs its Prolog or Epilog: the variables those programs get.
 * Fields a node did not learn (a node that only received the end of a job) are empty strings.
 */
public record JobHookContext(long jobId, long uid, long gid, String userName, String nodeList, String partition,
                             String account, String jobName, String clusterName, String nodeName, Path slurmConf) {

    public JobHookContext {
        Objects.requireNonNull(userName, "userName");
        Objects.requireNonNull(nodeList, "nodeList");
        Objects.requireNonNull(partition, "partition");
        Objects.requireNonNull(account, "account");
        Objects.requireNonNull(jobName, "jobName");
        Objects.requireNonNull(clusterName, "clusterName");
        Objects.requireNonNull(nodeName, "nodeName");
        Objects.requireNonNull(slurmConf, "slurmConf");
    }

    /** A job this node only hears the end of: its id is all there is. */
    public static JobHookContext onlyId(long jobId, String clusterName, String nodeName, Path slurmConf) {
        return new JobHookContext(jobId, -1, -1, "", "", "", "", "", clusterName, nodeName, slurmConf);
    }

    /**
     * A job a restarted slurmd took back: what its launch said, read from the batch script's environment (the
     * variables slurmd gave it), so its Epilog gets what it would have got without the restart.
     */
    public static JobHookContext ofBatchEnvironment(long jobId, Map<String, String> env, String clusterName,
                                                    String nodeName, Path slurmConf) {
        return new JobHookContext(jobId, number(env.get("SLURM_JOB_UID")), number(env.get("SLURM_JOB_GID")),
                env.getOrDefault("SLURM_JOB_USER", ""), env.getOrDefault("SLURM_JOB_NODELIST", ""),
                env.getOrDefault("SLURM_JOB_PARTITION", ""), env.getOrDefault("SLURM_JOB_ACCOUNT", ""),
                env.getOrDefault("SLURM_JOB_NAME", ""), clusterName, nodeName, slurmConf);
    }

    private static long number(String text) {
        try {
            return text == null ? -1 : Long.parseLong(text.strip());
        } catch (NumberFormatException e) {
            return -1;
        }
    }

    /**
     * The environment of a Prolog ({@code prolog_slurmd}) or Epilog ({@code epilog_slurmd}), run as
     * root with nothing inherited from slurmd.
     */
    public Map<String, String> environment(String scriptContext) {
        Map<String, String> env = new LinkedHashMap<>();
        env.put("PATH", "/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin");
        env.put("SLURM_SCRIPT_CONTEXT", scriptContext);
        env.put("SLURM_JOB_ID", Long.toString(jobId));
        env.put("SLURM_JOBID", Long.toString(jobId));
        if (uid >= 0) {
            env.put("SLURM_JOB_UID", Long.toString(uid));
            env.put("SLURM_UID", Long.toString(uid));
            env.put("SLURM_JOB_GID", Long.toString(gid));
        }
        putIfKnown(env, "SLURM_JOB_USER", userName);
        putIfKnown(env, "SLURM_JOB_NODELIST", nodeList);
        putIfKnown(env, "SLURM_NODELIST", nodeList);
        putIfKnown(env, "SLURM_JOB_PARTITION", partition);
        putIfKnown(env, "SLURM_JOB_ACCOUNT", account);
        putIfKnown(env, "SLURM_JOB_NAME", jobName);
        putIfKnown(env, "SLURM_CLUSTER_NAME", clusterName);
        env.put("SLURMD_NODENAME", nodeName);
        env.put("SLURM_CONF", slurmConf.toString());
        return env;
    }

    private static void putIfKnown(Map<String, String> env, String name, String value) {
        if (!value.isEmpty()) {
            env.put(name, value);
        }
    }
}
