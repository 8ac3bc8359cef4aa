package io.jslurm.slurmd.step;

import io.jslurm.protocol.EnvironmentVariables;
import io.jslurm.protocol.auth.AuthException;
import io.jslurm.protocol.auth.StepCredentials;
import io.jslurm.common.gres.GpuBind;
import io.jslurm.common.text.InvalidValueException;
import io.jslurm.protocol.proto.LaunchTasks;
import io.jslurm.protocol.proto.StepLayout;
import io.jslurm.protocol.proto.StepNode;
import io.jslurm.protocol.stepio.StepIoFrame;
import io.jslurm.slurmd.cgroup.Cgroup;
import io.jslurm.slurmd.cgroup.CgroupLimits;
import io.jslurm.slurmd.cgroup.CgroupManager;
import io.jslurm.slurmd.cgroup.CgroupUsage;
import io.jslurm.slurmd.cgroup.StepName;
import io.jslurm.slurmd.launch.GroupDatabase;
import io.jslurm.slurmd.launch.JobUser;
import io.jslurm.slurmd.launch.TaskExec;
import io.jslurm.protocol.stepio.KvsPairs;
import io.jslurm.protocol.stepio.PmiNameReply;
import io.jslurm.slurmd.pmi.Pmi2Step;
import io.jslurm.slurmd.pmi.ProcessMapping;
import io.jslurm.slurmd.pmi.SrunNames;
import io.jslurm.slurmd.prolog.HookScript;
import io.jslurm.slurmd.prolog.HookSettings;
import io.jslurm.slurmd.prolog.ScriptResult;
import io.jslurm.slurmd.prolog.TaskPrologOutput;
import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.InstantSource;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.function.Consumer;
import java.util.function.LongPredicate;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs this node's tasks of job steps: checks the controller's signature on the layout srun brings, starts each
 * task as the job's user in the step's cgroup, and streams its output and end to srun's I/O port (see
 * {@link StepIoFrame}); srun's stdin and signals come back the same way.
 */
public final class StepTasks implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(StepTasks.class);
    private static final Duration CONNECT_TIMEOUT = Duration.ofSeconds(10);
    private static final Duration DRAIN_TIMEOUT = Duration.ofSeconds(10);
    /** srun --mpi=TYPE sends SLURM_MPI_TYPE=TYPE in the tasks' environment. */
    static final String MPI_TYPE = "SLURM_MPI_TYPE";
    static final String PMI2 = "pmi2";

    private final String nodeName;
    private final StepCredentials credentials;
    private final CgroupManager cgroups;
    private final LongPredicate batchJobRunsHere;
    private final InstantSource clock;
    private final ExecutorService threads;
    private final Map<String, RunningStep> running = new ConcurrentHashMap<>();
    /** Which steps use each job's cgroup: the first makes it, the last one out removes it. */
    private final JobCgroupHolds jobCgroups;
    private volatile PrologGate prologGate = (layout, nodeIndex) -> true;
    private volatile HookSettings taskScripts = HookSettings.NONE;
    private volatile StepDevices devices = StepDevices.UNCONFINED;
    private volatile Consumer<StepEnd> stepEnds = end -> { };
    private volatile TaskExec taskExec = TaskExec.shellChain();

    /**
     * A step's tasks on this node all ended: what its cgroup used here, read after its last process was gone
     * and before the cgroup was removed.
     *
     * @param exitCode the highest exit status of the node's tasks
     * @param usage    empty when the cgroup could not be read
     */
    public record StepEnd(long jobId, int stepId, int exitCode, Optional<CgroupUsage> usage) {
        public StepEnd {
            Objects.requireNonNull(usage, "usage");
        }
    }

    /**
     * What a running step uses on this node now (sstat).
     *
     * @param ntasks     the step's tasks here
     * @param firstTask  the lowest of their task ids
     * @param pids       the processes in the step's cgroup
     * @param vmPeakKb   the processes' peak virtual sizes summed, in KiB
     */
    public record StepStat(CgroupUsage usage, int ntasks, int firstTask, Set<Long> pids, long vmPeakKb) {
        public StepStat {
            Objects.requireNonNull(usage, "usage");
            pids = Set.copyOf(pids);
        }

        /** Reads the step's cgroup and its processes' virtual sizes now. */
        public static StepStat read(Cgroup cgroup, int ntasks, int firstTask) {
            Set<Long> pids = cgroup.processes();
            return new StepStat(cgroup.usage(), ntasks, firstTask, pids, VirtualMemory.peakKb(Path.of("/proc"), pids));
        }
    }

    /** How tasks are started confined and as the user (the installed launcher); set once at start. */
    public void taskExec(TaskExec exec) {
        this.taskExec = Objects.requireNonNull(exec, "exec");
    }

    /** Where each step's end here goes (to the controller, for accounting); set once at start. */
    public void stepEnds(Consumer<StepEnd> sink) {
        this.stepEnds = Objects.requireNonNull(sink, "sink");
    }

    /** What a step's cgroup confines of the node's GPUs (cgroup.conf ConstrainDevices). */
    public interface StepDevices {
        StepDevices UNCONFINED = new StepDevices() {
            @Override
            public boolean confined() {
                return false;
            }

            @Override
            public CgroupLimits limitsFor(List<Integer> gpuIndices, long memoryMb) {
                return CgroupLimits.NONE;
            }

            @Override
            public CgroupLimits jobLimitsFor(String cores, long memoryMb, List<Integer> gpuIndices) {
                return CgroupLimits.NONE;
            }
        };

        boolean confined();

        /**
         * The step's cgroup limits: every GPU of the node but these denied when confined, and its own memory limit
         * from {@code memoryMb} (the step's memory on this node) when cgroup.conf constrains memory.
         */
        CgroupLimits limitsFor(List<Integer> gpuIndices, long memoryMb);

        /**
         * The job's cgroup limits from its allocation on this node (cores, memory, GPUs), as a batch job's are: for
         * the job cgroup a step makes when nothing made it before (salloc, srun alone).
         */
        CgroupLimits jobLimitsFor(String cores, long memoryMb, List<Integer> gpuIndices);
    }

    /** Set once at start, before requests are served. */
    public void stepDevices(StepDevices stepDevices) {
        this.devices = Objects.requireNonNull(stepDevices, "stepDevices");
    }

    private volatile GpuAffinity gpuAffinity = GpuAffinity.UNKNOWN;

    /** Where the node's GPUs sit, for --gpu-bind=closest; set once at start, before requests are served. */
    public void gpuAffinity(GpuAffinity affinity) {
        this.gpuAffinity = Objects.requireNonNull(affinity, "affinity");
    }

    private volatile boolean keepJobCgroups;

    /** PrologFlags=Contain: a job's cgroup stays after its last step here, until the job ends. */
    public void keepJobCgroups() {
        this.keepJobCgroups = true;
    }

    /** TaskProlog and TaskEpilog; set once at start, before requests are served. */
    public void taskScripts(HookSettings settings) {
        this.taskScripts = Objects.requireNonNull(settings, "settings");
    }

    /** Holds a step's first launch on a node until the job's Prolog ran there. */
    @FunctionalInterface
    public interface PrologGate {
        /** @return false when the prolog failed: the step must not start */
        boolean ready(StepLayout layout, int nodeIndex) throws InterruptedException;
    }

    /** Set once at start, before requests are served. */
    public void prologGate(PrologGate gate) {
        this.prologGate = Objects.requireNonNull(gate, "gate");
    }

    /**
     * @param batchJobRunsHere whether a job's batch script runs on this node (its cgroup is then the batch's to
     *                         remove)
     * @param threads          unbounded: each task holds threads for its output while it runs
     */
    public StepTasks(String nodeName, StepCredentials credentials, CgroupManager cgroups,
                     LongPredicate batchJobRunsHere, InstantSource clock, ExecutorService threads) {
        this.nodeName = Objects.requireNonNull(nodeName, "nodeName");
        this.credentials = Objects.requireNonNull(credentials, "credentials");
        this.cgroups = Objects.requireNonNull(cgroups, "cgroups");
        this.batchJobRunsHere = Objects.requireNonNull(batchJobRunsHere, "batchJobRunsHere");
        this.clock = Objects.requireNonNull(clock, "clock");
        this.threads = Objects.requireNonNull(threads, "threads");
        this.jobCgroups = new JobCgroupHolds(cgroups, jobId -> keepJobCgroups || batchJobRunsHere.test(jobId));
    }

    /** Why a launch was refused; the message is for srun's user. */
    public static final class LaunchRefused extends Exception {
        public LaunchRefused(String message) {
            super(message);
        }
    }

    /**
     * Starts this node's tasks and returns once they run.
     *
     * @param callerUid who asked (srun's user); must own the step, or be root
     */
    public void launch(LaunchTasks request, long callerUid) throws LaunchRefused, IOException {
        long received = System.nanoTime();
        StepLayout layout;
        try {
            layout = credentials.verify(request.getCredential());
        } catch (AuthException e) {
            throw new LaunchRefused("Invalid job credential: " + e.getMessage());
        }
        if (layout.getExpiresAtMs() < clock.millis()) {
            throw new LaunchRefused("Job credential expired");
        }
        if (callerUid != 0 && callerUid != Integer.toUnsignedLong(layout.getUid())) {
            throw new LaunchRefused("Access/permission denied: the step belongs to uid "
                    + Integer.toUnsignedLong(layout.getUid()));
        }
        int nodeIndex = nodeIndex(layout);
        Optional<GpuBind> gpuBind = gpuBind(request);
        String key = layout.getJobId() + "." + layout.getStepId();
        if (running.containsKey(key)) {
            throw new LaunchRefused("Duplicate job id: step " + key + " already runs on " + nodeName);
        }
        JobUser user = new JobUser(layout.getUserName(), layout.getUid(), layout.getGid());
        long jobId = Integer.toUnsignedLong(layout.getJobId());
        try {
            if (!prologGate.ready(layout, nodeIndex)) {
                throw new LaunchRefused("Job prolog failed");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new LaunchRefused("Job prolog failed: interrupted");
        }
        StepDevices stepDevices = devices;
        StepNode here = layout.getNodes(nodeIndex);
        // The job's cgroup, which the first step here makes when neither a batch launch nor PrologFlags=Contain made
        // it: a job of salloc or of srun alone then gets its allocation's limits (cores, memory, swap, GPUs) as a batch
        // job does, and its steps nest below it.
        Cgroup stepCgroup = jobCgroups.startStep(jobId,
                () -> cgroups.createJob(user.uid(), jobId, stepDevices.jobLimitsFor(here.getJobCores(),
                        here.getJobMemMb(), here.getJobGpuIndicesList())),
                () -> cgroups.createStep(user.uid(), jobId, StepName.of(layout.getStepId()),
                        stepDevices.limitsFor(here.getGpuIndicesList(), here.getMemMb())));
        Socket io = null;
        DataOutputStream toSrun;
        try {
            io = connect(request);
            toSrun = new DataOutputStream(new BufferedOutputStream(io.getOutputStream(), 1 << 16));
            byte[] hello = concat(request.getIoKey().toByteArray(),
                    nodeName.getBytes(java.nio.charset.StandardCharsets.UTF_8));
            new StepIoFrame(StepIoFrame.Kind.HELLO, -1, hello).writeTo(toSrun);
        } catch (IOException | RuntimeException e) {
            closeQuietly(io);
            jobCgroups.endStep(jobId, stepCgroup);
            throw e;
        }
        StepNode node = layout.getNodes(nodeIndex);
        RunningStep step = new RunningStep(key, jobId, layout.getStepId(),
                node.getTaskIdsCount() > 0 ? node.getTaskIds(0) : 0,
                node.getTaskIdsCount(), stepCgroup, io, toSrun);
        running.put(key, step);
        List<Integer> groups = GroupDatabase.groupsOf(user);
        try {
            if (PMI2.equals(EnvironmentVariables.toMap(request.getEnvironmentList()).get(MPI_TYPE))) {
                step.pmiNames = new SrunNames(step::send);
                step.pmi = new Pmi2Step(key, layout.getNtasks(), node.getTaskIdsCount(),
                        ProcessMapping.of(layout.getNodesList().stream().map(StepNode::getTaskIdsList).toList()),
                        pairs -> step.send(new StepIoFrame(StepIoFrame.Kind.PMI_FENCE, -1, KvsPairs.encode(pairs))),
                        () -> step.signal(9), threads, step.pmiNames);
            }
            for (int local = 0; local < node.getTaskIdsCount(); local++) {
                int task = node.getTaskIds(local);
                Map<String, String> env = StepEnvironment.forTask(layout, nodeIndex, local,
                        EnvironmentVariables.toMap(request.getEnvironmentList()), stepDevices.confined(), gpuBind,
                        gpuAffinity);
                String bindNote = gpuBindNote(layout, nodeIndex, local, stepDevices.confined(), gpuBind);
                Path workDir = Path.of(request.getWorkDir().isEmpty() ? "/" : request.getWorkDir());
                workDir = Files.isDirectory(workDir) ? workDir : Path.of("/tmp");
                List<String> printed = runTaskProlog(user, groups, stepCgroup, env, workDir, task);
                List<String> argv = request.getArgvList();
                if (step.pmi != null) {
                    env.putAll(step.pmi.taskEnvironment(task));
                    argv = new ArrayList<>(step.pmi.launchPrefix());
                    argv.addAll(request.getArgvList());
                }
                ProcessBuilder builder = new ProcessBuilder(taskExec.command(stepCgroup, user, groups, argv));
                builder.environment().clear();
                builder.environment().putAll(env);
                builder.directory(workDir.toFile());
                boolean readsStdin = request.hasStdinTask() && request.getStdinTask() == task;
                if (!readsStdin) {
                    builder.redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null")));
                }
                if (!printed.isEmpty()) {
                    step.send(StepIoFrame.text(StepIoFrame.Kind.STDOUT, task,
                            String.join("\n", printed) + "\n"));
                }
                if (!bindNote.isEmpty()) {
                    step.send(StepIoFrame.text(StepIoFrame.Kind.STDERR, task, bindNote));
                }
                Process process = builder.start();
                step.started(task, process);
                Path taskDir = workDir;
                Runnable epilog = () -> runTaskEpilog(user, groups, stepCgroup, env, taskDir, task);
                threads.execute(() -> pump(process.getInputStream(), StepIoFrame.Kind.STDOUT, task, step));
                threads.execute(() -> pump(process.getErrorStream(), StepIoFrame.Kind.STDERR, task, step));
                threads.execute(() -> awaitTask(task, process, step, epilog));
            }
        } catch (IOException | RuntimeException e) {
            StepIoFrame.text(StepIoFrame.Kind.LAUNCH_FAILED, -1, e.getMessage()).writeTo(toSrun);
            step.abort();
            finish(step);
            throw e;
        }
        threads.execute(() -> listen(step));
        // The time from the request to the last task's process started (its exec follows within the launcher's
        // few milliseconds): the step launch latency of performance.md.
        LOG.info("step {}: {} tasks started for {} (uid {}) in {} us: {}", key, node.getTaskIdsCount(), user.name(),
                user.uid(), (System.nanoTime() - received) / 1_000, String.join(" ", request.getArgvList()));
    }

    /**
     * scontrol suspend or resume of a job that has no batch script here (salloc, srun alone): its cgroup is frozen or
     * thawed with every step in it.
     *
     * @return false when the job has no cgroup on this node
     */
    public boolean suspendJob(long jobId, boolean resume) {
        boolean found = jobCgroups.freeze(jobId, resume).isPresent();
        if (found) {
            LOG.info("job {}: {} (its steps' cgroups {})", jobId, resume ? "resumed" : "suspended",
                    resume ? "thawed" : "frozen");
        }
        return found;
    }

    /**
     * TaskProlog as the task's user in the step's cgroup, with the task's environment, which its
     * {@code export}/{@code unset} lines then change.
     *
     * @return its {@code print} lines, for the task's stdout
     */
    private List<String> runTaskProlog(JobUser user, List<Integer> groups, Cgroup cgroup, Map<String, String> env,
                                       Path workDir, int task) throws IOException {
        Optional<Path> program = taskScripts.taskProlog();
        if (program.isEmpty()) {
            return List.of();
        }
        try {
            ScriptResult result = HookScript.run(taskExec.command(cgroup, user, groups,
                    List.of(program.get().toString())), env, workDir, taskScripts.timeout());
            if (!result.succeeded()) {
                LOG.error("task {}: TaskProlog {} failed {}", task, program.get(), result.status());
            }
            return TaskPrologOutput.apply(result.output(), env);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while running TaskProlog", e);
        }
    }

    /** TaskEpilog as the task's user, after the task ended and before srun hears of it. */
    private void runTaskEpilog(JobUser user, List<Integer> groups, Cgroup cgroup, Map<String, String> env,
                               Path workDir, int task) {
        Optional<Path> program = taskScripts.taskEpilog();
        if (program.isEmpty()) {
            return;
        }
        try {
            ScriptResult result = HookScript.run(taskExec.command(cgroup, user, groups,
                    List.of(program.get().toString())), env, workDir, taskScripts.timeout());
            if (!result.succeeded()) {
                LOG.error("task {}: TaskEpilog {} failed {}", task, program.get(), result.status());
            }
        } catch (IOException e) {
            LOG.error("task {}: cannot run TaskEpilog {}: {}", task, program.get(), e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static Optional<GpuBind> gpuBind(LaunchTasks request) throws LaunchRefused {
        if (request.getGpuBind().isEmpty()) {
            return Optional.empty();
        }
        try {
            return Optional.of(GpuBind.parse(request.getGpuBind()));
        } catch (InvalidValueException e) {
            throw new LaunchRefused(e.getMessage());
        }
    }

    /**
     * What the task's stderr says of its GPU binding before the task's own output: Slurm's {@code gpu-bind:} line
     * for {@code verbose,}, and a binding that named none of the step's GPUs.
     */
    private String gpuBindNote(StepLayout layout, int nodeIndex, int localId, boolean confined,
                               Optional<GpuBind> gpuBind) {
        StepNode node = layout.getNodes(nodeIndex);
        if (node.getGpuIndicesCount() == 0) {
            return "";
        }
        TaskGpus gpus = StepEnvironment.taskGpus(layout, nodeIndex, localId, confined, gpuBind, gpuAffinity);
        StringBuilder note = new StringBuilder();
        gpus.warning().ifPresent(warning -> {
            LOG.warn("step {}.{}: {}", layout.getJobId(), layout.getStepId(), warning);
            note.append("slurmstepd: error: ").append(warning).append('\n');
        });
        if (gpuBind.map(GpuBind::verbose).orElse(false)) {
            note.append(gpus.verboseLine(node.getGpuIndicesList(), confined, localId)).append('\n');
        }
        return note.toString();
    }

    private int nodeIndex(StepLayout layout) throws LaunchRefused {
        for (int i = 0; i < layout.getNodesCount(); i++) {
            if (layout.getNodes(i).getNodeName().equals(nodeName)) {
                return i;
            }
        }
        throw new LaunchRefused("Node " + nodeName + " is not part of step " + layout.getJobId() + "."
                + layout.getStepId());
    }

    private static void closeQuietly(Socket socket) {
        if (socket == null) {
            return;
        }
        try {
            socket.close();
        } catch (IOException ignored) {
            // the launch failed already; that is what srun hears of
        }
    }

    private static Socket connect(LaunchTasks request) throws IOException {
        Socket socket = new Socket();
        socket.setTcpNoDelay(true);
        socket.connect(new InetSocketAddress(request.getIoHost(), request.getIoPort()),
                (int) CONNECT_TIMEOUT.toMillis());
        return socket;
    }

    private void pump(InputStream from, StepIoFrame.Kind kind, int task, RunningStep step) {
        byte[] buffer = new byte[8192];
        try (from) {
            int n;
            while ((n = from.read(buffer)) > 0) {
                step.send(new StepIoFrame(kind, task, Arrays.copyOf(buffer, n)));
            }
        } catch (IOException e) {
            // The task's pipe closed with it.
        } finally {
            step.streamClosed(task);
        }
    }

    private void awaitTask(int task, Process process, RunningStep step, Runnable epilog) {
        try {
            int status = process.waitFor();
            step.awaitStreams(task);
            epilog.run();
            // The shell prefix execs the task, so a signal shows as the JDK's 128 + signal.
            int signal = status > 128 && status < 128 + 65 && step.wasSignalled() ? status - 128 : 0;
            // A SIGKILL nobody here sent, in a cgroup that saw OOM kills: the task outgrew the step's memory.
            boolean outOfMemory = status == 128 + 9 && !step.wasSignalled() && step.reportOomKills(task);
            step.send(outOfMemory ? StepIoFrame.exitOutOfMemory(task)
                    : StepIoFrame.exit(task, signal != 0 ? 0 : status, signal));
            step.exited(signal != 0 ? 0 : status);
            if (step.taskEnded()) {
                finish(step);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** srun's stdin and signals. */
    private void listen(RunningStep step) {
        try {
            DataInputStream in = new DataInputStream(new BufferedInputStream(step.io.getInputStream()));
            while (true) {
                StepIoFrame frame = StepIoFrame.readFrom(in);
                switch (frame.kind()) {
                    case STDIN -> step.stdin(frame.task(), frame.payload());
                    case STDIN_EOF -> step.closeStdin(frame.task());
                    case SIGNAL -> step.signal(frame.number(0));
                    case PMI_FENCE_DONE -> {
                        if (step.pmi != null) {
                            step.pmi.fenceDone(KvsPairs.decode(frame.payload()));
                        }
                    }
                    case PMI_NAME_REPLY -> {
                        if (step.pmiNames != null) {
                            step.pmiNames.replied(PmiNameReply.decode(frame.payload()));
                        }
                    }
                    default -> LOG.warn("step {}: unexpected {} frame from srun", step.key, frame.kind());
                }
            }
        } catch (IOException e) {
            // srun went away, or the step ended and closed the connection.
            if (!step.isDone()) {
                LOG.info("step {}: srun's I/O connection closed; killing the step's tasks", step.key);
                step.signal(9);
            }
        }
    }

    /**
     * The job ended (cancelled, its time limit): its steps here get SIGCONT and SIGTERM, and those still running
     * {@code killWait} later SIGKILL, as Slurm's slurmstepd does, so tasks may clean up. A zero wait kills at once.
     */
    public void terminateJob(long jobId, java.time.Duration killWait) {
        if (killWait.isZero() || killWait.isNegative()) {
            terminateJob(jobId);
            return;
        }
        try {
            jobCgroups.thawIfFrozen(jobId);
        } catch (RuntimeException e) {
            LOG.error("job {}: thawing its cgroup before the kill: {}", jobId, e.getMessage());
        }
        List<RunningStep> steps = running.values().stream().filter(step -> step.jobId == jobId).toList();
        steps.forEach(step -> {
            step.signal(18);
            step.signal(15);
        });
        if (steps.isEmpty()) {
            return;
        }
        threads.execute(() -> {
            try {
                Thread.sleep(killWait.toMillis());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            steps.stream().filter(step -> !step.isDone()).forEach(step -> step.signal(9));
        });
    }

    /** {@code scancel -s SIG} without {@code --batch} or {@code --full}: the signal to every step here, not the batch shell. */
    public void signalJob(long jobId, int signal) {
        running.values().stream().filter(step -> step.jobId == jobId && !step.isDone())
                .forEach(step -> step.signal(signal));
    }

    /** SIGKILL to every step of the job here (the job was cancelled or its allocation ended). */
    public void terminateJob(long jobId) {
        // A suspended job is thawed first: v1's frozen processes would not die of SIGKILL until thawed.
        try {
            jobCgroups.thawIfFrozen(jobId);
        } catch (RuntimeException e) {
            LOG.error("job {}: thawing its cgroup before the kill: {}", jobId, e.getMessage());
        }
        running.values().stream().filter(step -> step.jobId == jobId).forEach(step -> step.signal(9));
    }

    /** What the step uses here now; empty when it does not run here. */
    public Optional<StepStat> stat(long jobId, int stepId) {
        RunningStep step = running.get(jobId + "." + stepId);
        if (step == null || step.isDone()) {
            return Optional.empty();
        }
        return Optional.of(StepStat.read(step.cgroup, step.taskCount, step.firstTask));
    }

    public boolean hasSteps(long jobId) {
        return running.values().stream().anyMatch(step -> step.jobId == jobId);
    }

    private void finish(RunningStep step) {
        Optional<CgroupUsage> usage = Optional.empty();
        // Only the first finish of a step gives its hold on the job's cgroup back.
        boolean first = running.remove(step.key, step);
        step.done();
        if (step.pmi != null) {
            step.pmi.close();
            step.pmiNames.close();
        }
        try {
            Cgroup cgroup = step.cgroup;
            if (!cgroup.isEmpty()) {
                cgroup.kill();
            }
            cgroup.awaitEmpty(DRAIN_TIMEOUT);
            usage = Optional.of(cgroup.usage());
        } catch (RuntimeException e) {
            LOG.error("step {}: cleaning up its cgroup: {}", step.key, e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        if (first) {
            try {
                jobCgroups.endStep(step.jobId, step.cgroup);
            } catch (RuntimeException e) {
                LOG.error("step {}: removing its cgroup: {}", step.key, e.getMessage());
            }
        }
        try {
            step.io.close();
        } catch (IOException ignored) {
            // already gone
        }
        LOG.info("step {}: ended on {}", step.key, nodeName);
        try {
            stepEnds.accept(new StepEnd(step.jobId, step.stepId, step.worstExit(), usage));
        } catch (RuntimeException e) {
            LOG.error("step {}: cannot report its end: {}", step.key, e.getMessage());
        }
    }

    private static byte[] concat(byte[] a, byte[] b) {
        byte[] both = Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, both, a.length, b.length);
        return both;
    }

    @Override
    public void close() {
        running.values().forEach(step -> step.signal(9));
    }

    /** One step's tasks on this node and its connection to srun. */
    private static final class RunningStep {
        final String key;
        final long jobId;
        final int stepId;
        final int firstTask;
        private int worstExit;
        /** The node's task count: the step ends here once that many ended, however fast the first ones were. */
        private final int taskCount;
        final Cgroup cgroup;
        final Socket io;
        private final DataOutputStream toSrun;
        private final Map<Integer, Process> tasks = new ConcurrentHashMap<>();
        private final Map<Integer, Integer> openStreams = new ConcurrentHashMap<>();
        private int endedTasks;
        private volatile boolean signalled;
        private volatile boolean done;
        /** The step's PMI-2 server here, for srun --mpi=pmi2; null otherwise. */
        volatile Pmi2Step pmi;
        /** Its name service, which asks srun; set with {@link #pmi}. */
        volatile SrunNames pmiNames;

        RunningStep(String key, long jobId, int stepId, int firstTask, int taskCount, Cgroup cgroup, Socket io,
                    DataOutputStream toSrun) {
            this.key = key;
            this.jobId = jobId;
            this.stepId = stepId;
            this.firstTask = firstTask;
            this.taskCount = taskCount;
            this.cgroup = cgroup;
            this.io = io;
            this.toSrun = toSrun;
        }

        void started(int task, Process process) {
            tasks.put(task, process);
            openStreams.put(task, 2);
        }

        void send(StepIoFrame frame) {
            try {
                frame.writeTo(toSrun);
            } catch (IOException e) {
                // srun is gone; the listener kills the tasks.
            }
        }

        void streamClosed(int task) {
            synchronized (openStreams) {
                openStreams.merge(task, -1, Integer::sum);
                openStreams.notifyAll();
            }
        }

        /** Output comes before the task's end, so srun prints everything a task wrote before its status. */
        void awaitStreams(int task) throws InterruptedException {
            long deadline = System.nanoTime() + DRAIN_TIMEOUT.toNanos();
            synchronized (openStreams) {
                while (openStreams.getOrDefault(task, 0) > 0 && System.nanoTime() < deadline) {
                    openStreams.wait(100);
                }
            }
        }

        private long reportedOomKills;

        /**
         * Whether the step's cgroup counted OOM kills; the first time it has more than before, srun's user is told as
         * by Slurm's slurmstepd, on the stderr of the task whose end showed them.
         */
        boolean reportOomKills(int task) {
            long kills;
            try {
                kills = cgroup.usage().oomKills();
            } catch (RuntimeException e) {
                LOG.warn("step {}: cannot read its cgroup's OOM kills: {}", key, e.getMessage());
                return false;
            }
            synchronized (this) {
                if (kills > reportedOomKills) {
                    long added = kills - reportedOomKills;
                    reportedOomKills = kills;
                    LOG.warn("step {}: {} oom_kill event(s) in its cgroup {}", key, added, cgroup.path());
                    send(StepIoFrame.text(StepIoFrame.Kind.STDERR, task, "slurmstepd: error: Detected " + added
                            + " oom_kill event" + (added == 1 ? "" : "s") + " in StepId=" + key
                            + ". Some of the step tasks have been OOM Killed.\n"));
                }
                return kills > 0;
            }
        }

        synchronized void exited(int status) {
            worstExit = Math.max(worstExit, status);
        }

        synchronized int worstExit() {
            return worstExit;
        }

        synchronized boolean taskEnded() {
            return ++endedTasks == taskCount;
        }

        void stdin(int task, byte[] bytes) {
            Process process = tasks.get(task);
            if (process == null) {
                return;
            }
            try {
                OutputStream in = process.getOutputStream();
                in.write(bytes);
                in.flush();
            } catch (IOException e) {
                // The task closed its stdin or ended.
            }
        }

        void closeStdin(int task) {
            Process process = tasks.get(task);
            if (process != null) {
                try {
                    process.getOutputStream().close();
                } catch (IOException ignored) {
                    // already closed
                }
            }
        }

        void signal(int signal) {
            signalled = true;
            try {
                if (signal == 9) {
                    cgroup.kill();
                } else {
                    cgroup.signal(signal);
                }
            } catch (RuntimeException e) {
                LOG.warn("step {}: signal {}: {}", key, signal, e.getMessage());
            }
        }

        boolean wasSignalled() {
            return signalled;
        }

        /** Kills the tasks started so far; through the cgroup too, since on v2 slurmd's handle is their parent. */
        void abort() {
            tasks.values().forEach(Process::destroyForcibly);
            try {
                cgroup.kill();
            } catch (RuntimeException e) {
                LOG.warn("step {}: killing the tasks of a failed launch: {}", key, e.getMessage());
            }
        }

        void done() {
            done = true;
        }

        boolean isDone() {
            return done;
        }
    }
}
