package io.jslurm.cli.interactive;

import io.jslurm.protocol.EnvironmentVariables;
import io.jslurm.cli.client.Controller;
import io.jslurm.cli.client.ControllerException;
import io.jslurm.cli.client.Controllers;
import io.jslurm.cli.submit.SessionId;
import io.jslurm.common.hostlist.Hostlist;
import io.jslurm.common.time.TimeLimit;
import io.jslurm.common.units.MemorySize;
import io.jslurm.protocol.proto.AllocateResourcesRequest;
import io.jslurm.protocol.proto.AllocateResourcesResponse;
import io.jslurm.protocol.proto.Ack;
import io.jslurm.protocol.proto.CompleteAllocationRequest;
import io.jslurm.protocol.proto.JobDescription;
import io.jslurm.protocol.proto.JobInfoRequest;
import io.jslurm.protocol.proto.JobInfoResponse;
import io.jslurm.protocol.proto.JobRecord;
import io.jslurm.protocol.proto.JobState;
import java.io.PrintStream;
import java.time.Duration;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

/**
 * An allocation salloc or srun asks for itself: submitted as an interactive job, waited for with the messages
 * Slurm's commands print, described to the command's processes through the job's variables, and given back at
 * the end.
 *
 * @param program {@code salloc} or {@code srun}, the prefix of every message
 */
public record InteractiveAllocation(String program, Controllers controllers, Controller controller, PrintStream err,
                                    Duration poll) {

    /** ESLURM_ALREADY_DONE: the job ended already. */
    private static final int ALREADY_DONE = 2021;

    public InteractiveAllocation {
        Objects.requireNonNull(program, "program");
        Objects.requireNonNull(controllers, "controllers");
        Objects.requireNonNull(controller, "controller");
        Objects.requireNonNull(err, "err");
        Objects.requireNonNull(poll, "poll");
    }

    /**
     * What the job was given.
     *
     * @param guard gives the allocation back should the command's JVM end before {@link #releaseWithStatus}
     *              (Ctrl-C while waiting, SIGTERM), as Slurm's commands revoke their allocation
     */
    public record Granted(long jobId, JobRecord job, Thread guard) {
    }

    /** Submits and waits until the job runs; {@code quiet} leaves out the progress messages. */
    public Granted allocate(JobDescription request, boolean quiet) throws ControllerException, InterruptedException {
        AllocateResourcesResponse response = controller.call(
                AllocateResourcesRequest.newBuilder().setJob(request).build(), AllocateResourcesResponse.class);
        long jobId = Integer.toUnsignedLong(response.getJobId());
        Thread guard = new Thread(() -> revoke(jobId), program + "-release");
        Runtime.getRuntime().addShutdownHook(guard);
        boolean waited = false;
        while (true) {
            JobRecord job = job(jobId);
            if (job.getState() == JobState.JOB_RUNNING) {
                if (waited && !quiet) {
                    err.println(program + ": job " + jobId + " has been allocated resources");
                }
                return new Granted(jobId, job, guard);
            }
            if (job.getState() != JobState.JOB_PENDING) {
                throw new ControllerException(2021, "Job allocation " + jobId + " has been revoked.");
            }
            if (!waited) {
                if (!quiet) {
                    if (program.equals("salloc")) {
                        err.println(program + ": Pending job allocation " + jobId);
                    }
                    err.println(program + ": job " + jobId + " queued and waiting for resources");
                }
                waited = true;
            }
            Thread.sleep(poll.toMillis());
        }
    }

    public JobRecord job(long jobId) throws ControllerException {
        return job(controller, jobId);
    }

    /** The job's record as the controller has it now. */
    public static JobRecord job(Controller controller, long jobId) throws ControllerException {
        JobInfoResponse info = controller.call(JobInfoRequest.newBuilder().addJobIds((int) jobId).setIncludeRequest(true)
                .setOmitScriptAndEnvironment(true).build(),
                JobInfoResponse.class);
        return info.getJobsList().stream().filter(j -> Integer.toUnsignedLong(j.getJobId()) == jobId).findFirst()
                .orElseThrow(() -> new ControllerException(2017, "Invalid job id specified"));
    }

    /** Ends the job with the command's status. */
    public void release(long jobId, int exitCode, int signal) throws ControllerException {
        release(jobId, exitCode, signal, false);
    }

    /** @param outOfMemory the OOM killer ended the command (srun's own step): the job ends OUT_OF_MEMORY */
    private void release(long jobId, int exitCode, int signal, boolean outOfMemory) throws ControllerException {
        controller.call(CompleteAllocationRequest.newBuilder().setJobId((int) jobId).setExitCode(exitCode)
                .setTermSignal(signal).setOutOfMemory(outOfMemory).build(), Ack.class);
    }

    /**
     * Ends the job with a shell-style exit status (above 128: killed by signal status - 128), saying so on
     * stderr when the controller cannot be told.
     */
    public void releaseWithStatus(Granted granted, int status) {
        releaseWithStatus(granted, status, false);
    }

    /** {@link #releaseWithStatus(Granted, int)}, saying whether the OOM killer ended the command's step. */
    public void releaseWithStatus(Granted granted, int status, boolean outOfMemory) {
        try {
            Runtime.getRuntime().removeShutdownHook(granted.guard());
        } catch (IllegalStateException exiting) {
            return;
        }
        int signal = status > 128 ? status - 128 : 0;
        try {
            release(granted.jobId(), signal == 0 ? status : 0, signal, outOfMemory);
        } catch (ControllerException e) {
            if (e.errno() == ALREADY_DONE) {
                // Cancelled meanwhile (scancel, time limit): nothing is left to give back.
                return;
            }
            err.println(program + ": error: Unable to release job allocation " + granted.jobId() + ": "
                    + e.getMessage());
        }
    }

    /** The JVM is ending with the allocation still held: over a connection of its own, as main may hold the other. */
    private void revoke(long jobId) {
        try (Controller own = controllers.open()) {
            own.call(CompleteAllocationRequest.newBuilder().setJobId((int) jobId).setTermSignal(2).build(),
                    Ack.class);
            err.println(program + ": Job allocation " + jobId + " has been revoked.");
        } catch (ControllerException e) {
            err.println(program + ": error: Unable to release job allocation " + jobId + ": " + e.getMessage());
        }
        err.flush();
    }

    /** The request for the options given, in the submitting user's name. */
    public static JobDescription request(InteractiveOptions o, String defaultName, Map<String, String> env,
                                         String workDir, long uid, long gid, String user, String host) {
        JobDescription.Builder b = JobDescription.newBuilder()
                .setName(o.jobName().isEmpty() ? defaultName : o.jobName())
                .setPartition(o.partition()).setAccount(o.account()).setQos(o.qos())
                .setGres(o.gres()).setGpus(o.gpus()).setNodelist(o.nodelist())
                .setWorkDir(o.workDir().isEmpty() ? workDir : o.workDir())
                .setUid((int) uid).setGid((int) gid).setUserName(user).setSubmitHost(host)
                .setAllocSid(SessionId.current())
                .setDistribution(o.distribution()).setOversubscribe(o.oversubscribe());
        o.nodes().ifPresent(b::setMinNodes);
        o.ntasks().ifPresent(b::setNtasks);
        o.ntasksPerNode().ifPresent(b::setNtasksPerNode);
        o.cpusPerTask().ifPresent(b::setCpusPerTask);
        o.gpusPerTask().ifPresent(g -> b.setGpusPerTask(Integer.toString(g)));
        o.memory().ifPresent(m -> b.setMemPerNodeMb(MemorySize.parse(m).mebibytes()));
        o.memPerCpu().ifPresent(m -> b.setMemPerCpuMb(MemorySize.parse(m).mebibytes()));
        o.memPerGpu().ifPresent(m -> b.setMemPerGpuMb(MemorySize.parse(m).mebibytes()));
        o.time().ifPresent(t -> {
            TimeLimit limit = TimeLimit.parseForJob(t);
            b.setTimeLimitMinutes(limit.isUnlimited() ? -1 : (int) limit.minutes());
        });
        if (o.ntasks().isPresent() && o.nodes().isEmpty()) {
            if (o.ntasksPerNode().isPresent()) {
                int nodes = Math.max(1, (o.ntasks().getAsInt() + o.ntasksPerNode().getAsInt() - 1)
                        / o.ntasksPerNode().getAsInt());
                b.setMinNodes(nodes).setMaxNodes(nodes);
            } else {
                // Tasks alone: as few nodes as hold them, up to one per task.
                b.setMinNodes(1).setMaxNodes(Math.max(1, o.ntasks().getAsInt()));
            }
        }
        b.addAllEnvironment(EnvironmentVariables.of(env));
        return b.build();
    }

    /** The variables a job's processes see that describe its allocation. */
    public static Map<String, String> jobEnvironment(JobRecord job, String submitDir, String submitHost) {
        Map<String, String> env = new TreeMap<>();
        String id = Integer.toUnsignedString(job.getJobId());
        String nodes = job.getNodeList();
        int count = nodes.isEmpty() ? 0 : Hostlist.parse(nodes).hosts().size();
        env.put("SLURM_JOB_ID", id);
        env.put("SLURM_JOBID", id);
        env.put("SLURM_JOB_NODELIST", nodes);
        env.put("SLURM_NODELIST", nodes);
        env.put("SLURM_JOB_NUM_NODES", Integer.toString(count));
        env.put("SLURM_NNODES", Integer.toString(count));
        env.put("SLURM_JOB_NAME", job.getRequest().getName());
        env.put("SLURM_JOB_PARTITION", job.getRequest().getPartition());
        env.put("SLURM_JOB_USER", job.getUserName());
        env.put("SLURM_JOB_UID", Integer.toUnsignedString(job.getUid()));
        env.put("SLURM_JOB_CPUS_PER_NODE", Integer.toString(count == 0 ? 0 : job.getNumCpus() / count));
        env.put("SLURM_SUBMIT_DIR", submitDir);
        env.put("SLURM_SUBMIT_HOST", submitHost);
        if (job.getNumTasks() > 0 && job.getRequest().hasNtasks()) {
            env.put("SLURM_NTASKS", Integer.toString(job.getNumTasks()));
            env.put("SLURM_NPROCS", Integer.toString(job.getNumTasks()));
        }
        if (job.getRequest().hasCpusPerTask()) {
            env.put("SLURM_CPUS_PER_TASK", Integer.toString(job.getRequest().getCpusPerTask()));
        }
        return env;
    }
}
