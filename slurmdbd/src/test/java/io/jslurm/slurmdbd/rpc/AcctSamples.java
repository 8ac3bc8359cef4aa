package io.jslurm.slurmdbd.rpc;

import io.jslurm.protocol.proto.AcctJob;
import io.jslurm.protocol.proto.AcctStep;

/** Records as the controller sends them over a job's life: submitted, started, ended, and its steps. */
public final class AcctSamples {

    /** Submit time of job 1; job n is submitted n seconds later. */
    public static final long T0 = 1_793_491_200L; // 2026-11-01T00:00:00Z

    private AcctSamples() {
    }

    public static AcctJob pending(String cluster, int jobId, String user, String account) {
        long submit = T0 + jobId;
        return AcctJob.newBuilder().setCluster(cluster).setJobId(jobId).setSubmitTime(submit)
                .setName("train-" + jobId).setUserName(user).setUid(1000 + Math.abs(user.hashCode() % 1000))
                .setGroupName("users").setGid(100).setAccount(account).setPartition("gpu").setQos("normal")
                .setState("PENDING").setReason("Priority").setPriority(4294).setTresRequested("1=8,2=65536,4=1,1001=2")
                .setReqMemMb(65536).setReqCpus(8).setEligibleTime(submit).setTimeLimitMinutes(240)
                .setWorkDir("/home/" + user).setStdOut("/home/" + user + "/slurm-" + jobId + ".out")
                .setSubmitLine("sbatch train.sh").setRecordTimeMs(submit * 1000).build();
    }

    public static AcctJob running(AcctJob job, String nodes) {
        long start = job.getSubmitTime() + 60;
        return job.toBuilder().setState("RUNNING").setReason("None").setStartTime(start).setNodeList(nodes)
                .setAllocNodes(1).setAllocCpus(8).setTresAllocated("1=8,2=65536,4=1,1001=2")
                .setRecordTimeMs(start * 1000).build();
    }

    public static AcctJob ended(AcctJob job, String state, int exit, int signal) {
        long end = job.getStartTime() + 3600;
        return job.toBuilder().setState(state).setEndTime(end).setExitCode(exit).setExitSignal(signal)
                .setRecordTimeMs(end * 1000).build();
    }

    public static AcctJob completed(String cluster, int jobId, String user, String account) {
        return ended(running(pending(cluster, jobId, user, account), "gpu01"), "COMPLETED", 0, 0);
    }

    /** Step -5 batch, -4 extern, 0.. numbered; ends with its job. */
    public static AcctStep step(AcctJob job, int stepId, String name) {
        return AcctStep.newBuilder().setCluster(job.getCluster()).setJobId(job.getJobId())
                .setJobSubmitTime(job.getSubmitTime()).setStepId(stepId).setName(name).setState("COMPLETED")
                .setNodeList(job.getNodeList()).setNodes(1).setTasks(1).setTresAllocated("1=8,2=65536,4=1")
                .setStartTime(job.getStartTime()).setEndTime(job.getEndTime()).setUserCpuMicros(3_600_000_000L)
                .setSystemCpuMicros(120_000_000L).setMaxRssBytes(512L << 20).setAveRssBytes(256L << 20)
                .setMaxVmsizeBytes(1L << 30).setRecordTimeMs(job.getEndTime() * 1000).build();
    }
}
