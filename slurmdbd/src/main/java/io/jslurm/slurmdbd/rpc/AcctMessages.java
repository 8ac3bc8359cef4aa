package io.jslurm.slurmdbd.rpc;

import io.jslurm.protocol.proto.AcctJob;
import io.jslurm.protocol.proto.AcctStep;
import io.jslurm.slurmdbd.records.ArrayIds;
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

/**
 * Accounting records on the wire ({@link AcctJob}, {@link AcctStep}) and in the store
 * ({@link JobRecord}, {@link StepRecord}), both ways. A malformed record throws
 * {@link IllegalArgumentException} naming the job.
 */
public final class AcctMessages {

    private AcctMessages() {
    }

    public static JobRecord job(AcctJob m) {
        try {
            JobKey key = new JobKey(m.getCluster(), Integer.toUnsignedLong(m.getJobId()), Instant.ofEpochSecond(m.getSubmitTime()));
            Optional<ArrayIds> array = m.getArrayJobId() == 0 ? Optional.empty()
                    : Optional.of(new ArrayIds(Integer.toUnsignedLong(m.getArrayJobId()),
                            m.hasArrayTaskId() ? OptionalLong.of(Integer.toUnsignedLong(m.getArrayTaskId())) : OptionalLong.empty(),
                            m.getArrayTasksPending()));
            JobResources resources = new JobResources(m.getTresRequested(), m.getTresAllocated(),
                    m.hasReqMemMb() ? OptionalLong.of(m.getReqMemMb()) : OptionalLong.empty(), m.getMemPerCpu(),
                    m.getNodeList(), m.getAllocNodes(), m.getReqCpus(), m.getAllocCpus());
            JobTimes times = new JobTimes(time(m.getEligibleTime()), time(m.getStartTime()), time(m.getEndTime()),
                    Duration.ofSeconds(m.getSuspendedSeconds()),
                    m.hasTimeLimitMinutes() ? Optional.of(Duration.ofMinutes(Integer.toUnsignedLong(m.getTimeLimitMinutes())))
                            : Optional.empty());
            return new JobRecord(key, array, m.getName(),
                    new Owner(m.getUserName(), Integer.toUnsignedLong(m.getUid()), m.getGroupName(), Integer.toUnsignedLong(m.getGid())),
                    m.getAccount(), m.getPartition(), m.getQos(), JobState.valueOf(m.getState()),
                    m.hasCancelledBy() ? OptionalLong.of(Integer.toUnsignedLong(m.getCancelledBy())) : OptionalLong.empty(),
                    m.getReason(), new ExitCode(m.getExitCode(), m.getExitSignal()),
                    new ExitCode(m.getDerivedExitCode(), m.getDerivedExitSignal()), Integer.toUnsignedLong(m.getPriority()),
                    resources, times, new JobIo(m.getWorkDir(), m.getStdIn(), m.getStdOut(), m.getStdErr()),
                    m.getComment(), m.getSubmitLine(), m.getRestartCount(), Instant.ofEpochMilli(m.getRecordTimeMs()));
        } catch (RuntimeException bad) {
            throw new IllegalArgumentException("job " + Integer.toUnsignedString(m.getJobId()) + ": " + bad.getMessage(), bad);
        }
    }

    public static AcctJob job(JobRecord j) {
        AcctJob.Builder b = AcctJob.newBuilder()
                .setCluster(j.key().cluster()).setJobId((int) j.key().jobId()).setSubmitTime(j.key().submitTime().getEpochSecond())
                .setName(j.name()).setUserName(j.owner().user()).setUid((int) j.owner().uid())
                .setGroupName(j.owner().group()).setGid((int) j.owner().gid())
                .setAccount(j.account()).setPartition(j.partition()).setQos(j.qos()).setState(j.state().name())
                .setReason(j.reason()).setExitCode(j.exitCode().code()).setExitSignal(j.exitCode().signal())
                .setDerivedExitCode(j.derivedExitCode().code()).setDerivedExitSignal(j.derivedExitCode().signal())
                .setPriority((int) j.priority())
                .setTresRequested(j.resources().tresReq()).setTresAllocated(j.resources().tresAlloc())
                .setMemPerCpu(j.resources().memPerCpu()).setNodeList(j.resources().nodeList())
                .setAllocNodes(j.resources().allocNodes()).setReqCpus(j.resources().reqCpus())
                .setAllocCpus(j.resources().allocCpus())
                .setEligibleTime(seconds(j.times().eligible())).setStartTime(seconds(j.times().start()))
                .setEndTime(seconds(j.times().end())).setSuspendedSeconds(j.times().suspended().toSeconds())
                .setWorkDir(j.io().workDir()).setStdIn(j.io().stdIn()).setStdOut(j.io().stdOut()).setStdErr(j.io().stdErr())
                .setComment(j.comment()).setSubmitLine(j.submitLine()).setRestartCount(j.restartCount())
                .setRecordTimeMs(j.recordTime().toEpochMilli());
        j.array().ifPresent(a -> {
            b.setArrayJobId((int) a.arrayJobId()).setArrayTasksPending(a.pendingTasks());
            a.taskId().ifPresent(t -> b.setArrayTaskId((int) t));
        });
        j.cancelledBy().ifPresent(uid -> b.setCancelledBy((int) uid));
        j.resources().reqMemMb().ifPresent(b::setReqMemMb);
        j.times().timeLimit().ifPresent(limit -> b.setTimeLimitMinutes((int) limit.toMinutes()));
        return b.build();
    }

    public static StepRecord step(AcctStep m) {
        try {
            JobKey job = new JobKey(m.getCluster(), Integer.toUnsignedLong(m.getJobId()), Instant.ofEpochSecond(m.getJobSubmitTime()));
            StepUsage usage = new StepUsage(Duration.ofNanos(m.getUserCpuMicros() * 1000), Duration.ofNanos(m.getSystemCpuMicros() * 1000),
                    m.getMaxRssBytes(), m.getAveRssBytes(), m.getMaxVmsizeBytes(), m.getDiskReadBytes(), m.getDiskWriteBytes(),
                    m.getTresUsageInMax(), m.getTresUsageInAve(), m.getTresUsageInTot(), m.getTresUsageOutMax(),
                    m.getTresUsageOutTot());
            return new StepRecord(job, new StepId(m.getStepId()), m.getName(), JobState.valueOf(m.getState()),
                    new ExitCode(m.getExitCode(), m.getExitSignal()), m.getNodeList(), m.getNodes(), m.getTasks(),
                    m.getTresAllocated(), time(m.getStartTime()), time(m.getEndTime()), usage,
                    Instant.ofEpochMilli(m.getRecordTimeMs()));
        } catch (RuntimeException bad) {
            throw new IllegalArgumentException("step " + Integer.toUnsignedString(m.getJobId()) + "."
                    + Integer.toUnsignedString(m.getStepId()) + ": " + bad.getMessage(), bad);
        }
    }

    public static AcctStep step(StepRecord s) {
        StepUsage u = s.usage();
        return AcctStep.newBuilder()
                .setCluster(s.job().cluster()).setJobId((int) s.job().jobId()).setJobSubmitTime(s.job().submitTime().getEpochSecond())
                .setStepId(s.stepId().value()).setName(s.name()).setState(s.state().name())
                .setExitCode(s.exitCode().code()).setExitSignal(s.exitCode().signal()).setNodeList(s.nodeList())
                .setNodes(s.nodes()).setTasks(s.tasks()).setTresAllocated(s.tresAlloc())
                .setStartTime(seconds(s.start())).setEndTime(seconds(s.end()))
                .setUserCpuMicros(u.userCpu().toNanos() / 1000).setSystemCpuMicros(u.systemCpu().toNanos() / 1000)
                .setMaxRssBytes(u.maxRss()).setAveRssBytes(u.aveRss()).setMaxVmsizeBytes(u.maxVmSize())
                .setDiskReadBytes(u.diskRead()).setDiskWriteBytes(u.diskWrite())
                .setTresUsageInMax(u.tresUsageInMax()).setTresUsageInAve(u.tresUsageInAve())
                .setTresUsageInTot(u.tresUsageInTot()).setTresUsageOutMax(u.tresUsageOutMax())
                .setTresUsageOutTot(u.tresUsageOutTot()).setRecordTimeMs(s.recordTime().toEpochMilli())
                .build();
    }

    private static Optional<Instant> time(long epochSeconds) {
        return epochSeconds == 0 ? Optional.empty() : Optional.of(Instant.ofEpochSecond(epochSeconds));
    }

    private static long seconds(Optional<Instant> time) {
        return time.map(Instant::getEpochSecond).orElse(0L);
    }
}
