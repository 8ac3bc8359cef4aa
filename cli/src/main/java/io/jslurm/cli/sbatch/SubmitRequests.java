package io.jslurm.cli.sbatch;

import io.jslurm.protocol.EnvironmentVariables;
import com.google.protobuf.ByteString;
import io.jslurm.cli.submit.Exclusivity;
import io.jslurm.cli.submit.JobSubmission;
import io.jslurm.cli.submit.MemoryRequest;
import io.jslurm.cli.submit.Resources;
import io.jslurm.cli.submit.Scheduling;
import io.jslurm.protocol.proto.Exclusive;
import io.jslurm.protocol.proto.JobDescription;
import io.jslurm.protocol.proto.MailType;
import io.jslurm.protocol.proto.OpenMode;
import io.jslurm.protocol.proto.SubmitBatchJobRequest;
import io.jslurm.protocol.proto.WarningSignal;
import java.nio.charset.StandardCharsets;

/**
 * A typed {@link JobSubmission} as the controller's submit request, as generated classes. sbatch itself sends
 * {@link SubmitWire}'s hand encoding of the same message: a field set here must be written there too, and
 * {@code SubmitWireTest} given an option that sets it (it compares the two encodings byte for byte, and fails
 * while a field of the descriptor is neither set by one of its cases nor listed as one sbatch does not send).
 */
final class SubmitRequests {

    private SubmitRequests() {
    }

    static SubmitBatchJobRequest of(JobSubmission job) {
        JobDescription.Builder d = JobDescription.newBuilder()
                .setName(job.name())
                .setScript(ByteString.copyFrom(job.script().text(), StandardCharsets.UTF_8))
                .addAllArgv(job.scriptArguments())
                .setScriptPath(job.scriptPath())
                .setWorkDir(job.workDir())
                .addAllEnvironment(EnvironmentVariables.of(job.environment()))
                .setGetUserEnv(job.getUserEnv())
                .setUid(job.submitter().uid())
                .setGid(job.submitter().gid())
                .setUserName(job.submitter().user())
                .setSubmitHost(job.submitter().host())
                .setAllocSid(job.submitter().sessionId())
                .setStdIn(job.streams().input())
                .setStdOut(job.streams().output())
                .setTestOnly(job.client().testOnly());
        job.streams().error().ifPresent(d::setStdErr);
        job.openMode().ifPresent(mode -> d.setOpenMode(mode == io.jslurm.cli.submit.OpenMode.APPEND
                ? OpenMode.OPEN_MODE_APPEND : OpenMode.OPEN_MODE_TRUNCATE));
        job.mailTypes().forEach(type -> d.addMailType(MailType.valueOf("MAIL_" + type.name())));
        job.mailUser().ifPresent(d::setMailUser);
        resources(d, job.resources());
        scheduling(d, job.scheduling());
        return SubmitBatchJobRequest.newBuilder().setJob(d).build();
    }

    private static void resources(JobDescription.Builder d, Resources r) {
        r.nodes().ifPresent(nodes -> {
            d.setMinNodes(nodes.min());
            nodes.maximum().ifPresent(d::setMaxNodes);
        });
        r.ntasks().ifPresent(d::setNtasks);
        r.ntasksPerNode().ifPresent(d::setNtasksPerNode);
        r.cpusPerTask().ifPresent(d::setCpusPerTask);
        r.minCpusPerNode().ifPresent(d::setMinCpusPerNode);
        r.ntasksPerGpu().ifPresent(d::setNtasksPerGpu);
        r.memory().ifPresent(memory -> {
            long mb = memory.size().mebibytes();
            if (memory instanceof MemoryRequest.PerNode) {
                d.setMemPerNodeMb(mb);
            } else if (memory instanceof MemoryRequest.PerCpu) {
                d.setMemPerCpuMb(mb);
            } else {
                d.setMemPerGpuMb(mb);
            }
        });
        r.tmpDisk().ifPresent(size -> d.setTmpDiskPerNodeMb(size.mebibytes()));
        r.gres().ifPresent(gres -> d.setGres(gres.toString()));
        r.gpus().ifPresent(gpus -> d.setGpus(gpus.toString()));
        r.gpusPerNode().ifPresent(gpus -> d.setGpusPerNode(gpus.toString()));
        r.gpusPerTask().ifPresent(gpus -> d.setGpusPerTask(gpus.toString()));
        r.cpusPerGpu().ifPresent(d::setCpusPerGpu);
        r.exclusive().ifPresent(e -> d.setExclusive(e == Exclusivity.USER ? Exclusive.EXCLUSIVE_USER
                : e == Exclusivity.MCS ? Exclusive.EXCLUSIVE_MCS : Exclusive.EXCLUSIVE_NODE));
        d.setOversubscribe(r.oversubscribe());
        d.setContiguous(r.contiguous());
        r.nodelist().ifPresent(list -> d.setNodelist(list.ranged()));
        r.exclude().ifPresent(list -> d.setExclude(list.ranged()));
        r.constraint().ifPresent(d::setConstraint);
        r.distribution().ifPresent(dist -> d.setDistribution(dist.text()));
    }

    private static void scheduling(JobDescription.Builder d, Scheduling s) {
        s.partition().ifPresent(d::setPartition);
        s.qos().ifPresent(d::setQos);
        s.account().ifPresent(d::setAccount);
        s.reservation().ifPresent(d::setReservation);
        s.timeLimit().ifPresent(limit -> d.setTimeLimitMinutes(SubmitWire.minutes(limit)));
        s.timeMin().ifPresent(limit -> d.setTimeMinMinutes(SubmitWire.minutes(limit)));
        s.begin().ifPresent(time -> d.setBeginTime(time.getEpochSecond()));
        s.deadline().ifPresent(time -> d.setDeadline(time.getEpochSecond()));
        d.setHold(s.hold());
        s.priority().ifPresent(p -> d.setPriority(p.top() ? -2 : (int) p.value()));
        s.nice().ifPresent(d::setNice);
        s.comment().ifPresent(d::setComment);
        s.array().ifPresent(array -> d.setArray(array.toString()));
        s.dependency().ifPresent(dependency -> d.setDependency(dependency.toString()));
        s.signal().ifPresent(signal -> d.setSignal(WarningSignal.newBuilder()
                .setSignal(signal.signal().number())
                .setSecondsBeforeEnd(signal.delaySeconds())
                .setBatchShellOnly(signal.batchShellOnly())
                .setOnReservationEnd(signal.onReservationEnd())));
        s.requeue().ifPresent(d::setRequeue);
        d.setNoKill(s.noKill());
    }
}
