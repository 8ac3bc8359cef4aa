package io.jslurm.cli.srun;

import io.jslurm.protocol.EnvironmentVariables;
import com.google.protobuf.ByteString;
import com.google.protobuf.InvalidProtocolBufferException;
import io.jslurm.cli.client.Controller;
import io.jslurm.cli.client.ControllerException;
import io.jslurm.cli.interactive.InteractiveAllocation;
import io.jslurm.cli.interactive.InteractiveOptions;
import io.jslurm.cli.interactive.TimeLimitNotice;
import io.jslurm.common.gres.GpuBind;
import io.jslurm.common.units.MemorySize;
import io.jslurm.protocol.proto.Ack;
import io.jslurm.protocol.proto.JobStepCreateRequest;
import io.jslurm.protocol.proto.JobStepCreateResponse;
import io.jslurm.protocol.proto.JobRecord;
import io.jslurm.protocol.proto.LaunchTasks;
import io.jslurm.protocol.proto.SignedStepLayout;
import io.jslurm.protocol.proto.StepCompleteRequest;
import io.jslurm.protocol.proto.StepLayout;
import io.jslurm.protocol.proto.StepNode;
import io.jslurm.protocol.stepio.KvsPairs;
import io.jslurm.protocol.stepio.PmiNameRequest;
import io.jslurm.protocol.stepio.StepIoFrame;
import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.net.DatagramSocket;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * One job step from srun's side: asks the controller for the step, listens for the nodes' I/O connections,
 * launches the tasks on every node, prints their output, feeds stdin to its task, and waits until every task
 * has ended; then tells the controller how the step ended and returns srun's exit status.
 */
public final class StepRun {

    /** How long nodes get to connect back after their launch was accepted. */
    private static final Duration CONNECT_WAIT = Duration.ofSeconds(30);

    private final Controller controller;
    private final NodeLauncher launcher;
    private final PrintStream out;
    private final PrintStream err;
    private final InputStream stdin;
    private final StepOutputs outputs;
    private final StepCreation creation;
    private final ConcurrentHashMap<String, DataOutputStream> nodes = new ConcurrentHashMap<>();
    private final TaskExits exits = new TaskExits();
    private volatile StepLayout layout;
    private volatile PmiFence fence;
    private final PmiNameServer pmiNames = new PmiNameServer();
    private volatile boolean cancelled;

    public StepRun(Controller controller, NodeLauncher launcher, PrintStream out, PrintStream err, InputStream stdin,
                   StepOutputs outputs) {
        this(controller, launcher, out, err, stdin, outputs, OptionalInt.empty());
    }

    /** @param immediate {@code -I}: how long to wait for the job's other steps to free what this one needs */
    public StepRun(Controller controller, NodeLauncher launcher, PrintStream out, PrintStream err, InputStream stdin,
                   StepOutputs outputs, OptionalInt immediate) {
        this.creation = StepCreation.waiting(controller, err, immediate);
        this.controller = Objects.requireNonNull(controller, "controller");
        this.launcher = Objects.requireNonNull(launcher, "launcher");
        this.out = Objects.requireNonNull(out, "out");
        this.err = Objects.requireNonNull(err, "err");
        this.stdin = Objects.requireNonNull(stdin, "stdin");
        this.outputs = Objects.requireNonNull(outputs, "outputs");
    }

    /** What the step was asked for. */
    public static JobStepCreateRequest request(long jobId, InteractiveOptions o) {
        JobStepCreateRequest.Builder b = JobStepCreateRequest.newBuilder().setJobId((int) jobId)
                .setDistribution(o.distribution()).setGres(o.gres()).setGpus(o.gpus()).setNodeList(o.nodelist())
                .setName(o.jobName().isEmpty() ? o.command().get(0) : o.jobName()).addAllArgv(o.command());
        o.ntasks().ifPresent(b::setNtasks);
        o.nodes().ifPresent(b::setMinNodes);
        o.ntasksPerNode().ifPresent(b::setNtasksPerNode);
        o.cpusPerTask().ifPresent(b::setCpusPerTask);
        o.gpusPerTask().ifPresent(b::setGpusPerTask);
        // Slurm 22.05: a step's --exclusive dedicates CPUs to it, as --exact does.
        b.setExact(o.exact() || o.exclusive()).setOverlap(o.overlap()).setWhole(o.whole());
        o.memory().ifPresent(m -> b.setMemPerNodeMb(MemorySize.parse(m).mebibytes()));
        o.memPerCpu().ifPresent(m -> b.setMemPerCpuMb(MemorySize.parse(m).mebibytes()));
        o.memPerGpu().ifPresent(m -> b.setMemPerGpuMb(MemorySize.parse(m).mebibytes()));
        return b.build();
    }

    /**
     * @param environment the tasks' environment before the step's own variables
     * @param stdinTask   the task that reads srun's stdin, empty for none
     * @return srun's exit status
     */
    public int run(JobStepCreateRequest request, Map<String, String> environment, String workDir,
                   Optional<Integer> stdinTask) throws ControllerException, IOException, InterruptedException {
        return run(request, environment, workDir, stdinTask, Optional.empty());
    }

    /** @param gpuBind --gpu-bind, which each node applies to its tasks */
    public int run(JobStepCreateRequest request, Map<String, String> environment, String workDir,
                   Optional<Integer> stdinTask, Optional<GpuBind> gpuBind)
            throws ControllerException, IOException, InterruptedException {
        SignedStepLayout credential = creation.create(request).getCredential();
        try {
            layout = StepLayout.parseFrom(credential.getLayout());
        } catch (InvalidProtocolBufferException e) {
            throw new IOException("unreadable step layout: " + e.getMessage(), e);
        }
        String stepId = layout.getJobId() + "." + layout.getStepId();
        outputs.bind(layout);
        fence = new PmiFence(layout.getNodesCount());
        byte[] ioKey = new byte[32];
        new SecureRandom().nextBytes(ioKey);
        try (ServerSocket io = new ServerSocket(0, 128)) {
            CountDownLatch connected = new CountDownLatch(layout.getNodesCount());
            Thread acceptor = daemon("srun-io-accept", () -> accept(io, ioKey, connected));
            acceptor.start();
            LaunchTasks.Builder launch = LaunchTasks.newBuilder().setCredential(credential)
                    .addAllArgv(request.getArgvList()).addAllEnvironment(EnvironmentVariables.of(environment)).setWorkDir(workDir)
                    .setIoHost(ioHost(layout.getNodes(0)).getHostAddress()).setIoPort(io.getLocalPort())
                    .setIoKey(ByteString.copyFrom(ioKey));
            stdinTask.ifPresent(launch::setStdinTask);
            gpuBind.ifPresent(bind -> launch.setGpuBind(bind.toString()));
            List<String> failed = launchAll(launch.build());
            if (!failed.isEmpty()) {
                failed.forEach(line -> err.println("srun: error: " + line));
                err.println("srun: error: Task launch for StepId=" + stepId + " failed");
                signal(9);
                complete(1, 0, false);
                return 1;
            }
            if (!connected.await(CONNECT_WAIT.toMillis(), TimeUnit.MILLISECONDS)) {
                err.println("srun: error: StepId=" + stepId + ": not every node connected back");
                signal(9);
            }
            stdinTask.ifPresent(task -> daemon("srun-stdin", () -> forwardStdin(task)).start());
            synchronized (exits) {
                while (exits.count() < layout.getNtasks() && openConnections > 0) {
                    exits.wait(1000);
                }
            }
        }
        outputs.close();
        if (exits.worst().signal() != 0) {
            timeLimitLines(stepId).forEach(err::println);
        }
        for (String line : exits.failures()) {
            err.println("srun: error: " + line);
        }
        int status = exits.count() < layout.getNtasks() && exits.status() == 0 ? 1 : exits.status();
        TaskExits.Exit worst = exits.worst();
        complete(worst.signal() == 0 ? status : 0, worst.signal(), exits.outOfMemory());
        return status;
    }

    private int openConnections;

    /**
     * For tasks killed because their job reached its time limit, Slurm's line per node: the controller ends the job
     * TIMEOUT before its nodes kill the tasks, so the job's record says why by now.
     */
    private List<String> timeLimitLines(String stepId) {
        try {
            JobRecord job = InteractiveAllocation.job(controller, Integer.toUnsignedLong(layout.getJobId()));
            if (TimeLimitNotice.timedOut(job)) {
                return TimeLimitNotice.stepCancelled(stepId,
                        layout.getNodesList().stream().map(StepNode::getNodeName).toList(), job,
                        java.time.ZoneId.systemDefault());
            }
        } catch (ControllerException e) {
            // Without the job's record the tasks' own ends are all there is to say.
        }
        return List.of();
    }

    private List<String> launchAll(LaunchTasks launch) throws InterruptedException {
        List<String> failures = java.util.Collections.synchronizedList(new ArrayList<>());
        List<Thread> threads = new ArrayList<>();
        for (StepNode node : layout.getNodesList()) {
            Thread t = daemon("srun-launch-" + node.getNodeName(), () -> {
                try {
                    launcher.launch(node, launch);
                } catch (IOException | RuntimeException e) {
                    failures.add(node.getNodeName() + ": " + e.getMessage());
                }
            });
            threads.add(t);
            t.start();
        }
        for (Thread t : threads) {
            t.join();
        }
        return failures;
    }

    private void accept(ServerSocket io, byte[] ioKey, CountDownLatch connected) {
        while (connected.getCount() > 0) {
            try {
                Socket socket = io.accept();
                socket.setTcpNoDelay(true);
                DataInputStream in = new DataInputStream(new BufferedInputStream(socket.getInputStream(), 1 << 16));
                StepIoFrame hello = StepIoFrame.readFrom(in);
                byte[] payload = hello.payload();
                if (hello.kind() != StepIoFrame.Kind.HELLO || payload.length < ioKey.length
                        || !java.security.MessageDigest.isEqual(Arrays.copyOf(payload, ioKey.length), ioKey)) {
                    socket.close();
                    continue;
                }
                String node = new String(payload, ioKey.length, payload.length - ioKey.length,
                        java.nio.charset.StandardCharsets.UTF_8);
                nodes.put(node, new DataOutputStream(new BufferedOutputStream(socket.getOutputStream())));
                synchronized (exits) {
                    openConnections++;
                }
                daemon("srun-io-" + node, () -> read(node, in)).start();
                connected.countDown();
            } catch (IOException e) {
                return;
            }
        }
    }

    private void read(String node, DataInputStream in) {
        try {
            while (true) {
                StepIoFrame frame = StepIoFrame.readFrom(in);
                switch (frame.kind()) {
                    case STDOUT -> outputs.stdout().write(frame.task(), frame.payload());
                    case STDERR -> outputs.stderr().write(frame.task(), frame.payload());
                    case EXIT -> {
                        outputs.stdout().close(frame.task());
                        outputs.stderr().close(frame.task());
                        synchronized (exits) {
                            exits.record(frame.task(), new TaskExits.Exit(node, frame.number(0), frame.number(1),
                                    frame.outOfMemory()));
                            exits.notifyAll();
                        }
                    }
                    case LAUNCH_FAILED -> err.println("srun: error: " + node + ": " + frame.text());
                    case PMI_FENCE -> fence.arrived(node, KvsPairs.decode(frame.payload()))
                            .ifPresent(all -> broadcast(new StepIoFrame(StepIoFrame.Kind.PMI_FENCE_DONE, -1,
                                    KvsPairs.encode(all))));
                    case PMI_NAME -> reply(node, new StepIoFrame(StepIoFrame.Kind.PMI_NAME_REPLY, -1,
                            pmiNames.answer(PmiNameRequest.decode(frame.payload())).encode()));
                    default -> { }
                }
            }
        } catch (IOException e) {
            // The node closed the connection: its tasks are done, or it is gone.
        } finally {
            synchronized (exits) {
                openConnections--;
                exits.notifyAll();
            }
        }
    }

    private void forwardStdin(int task) {
        String node = nodeOf(task);
        DataOutputStream to = nodes.get(node);
        if (to == null) {
            return;
        }
        byte[] buffer = new byte[8192];
        try {
            int n;
            while ((n = stdin.read(buffer)) > 0) {
                new StepIoFrame(StepIoFrame.Kind.STDIN, task, Arrays.copyOf(buffer, n)).writeTo(to);
            }
            new StepIoFrame(StepIoFrame.Kind.STDIN_EOF, task, new byte[0]).writeTo(to);
        } catch (IOException e) {
            // The step ended first.
        }
    }

    private String nodeOf(int task) {
        for (StepNode node : layout.getNodesList()) {
            if (node.getTaskIdsList().contains(task)) {
                return node.getNodeName();
            }
        }
        throw new IllegalArgumentException("no task " + task + " in the step");
    }

    private void reply(String node, StepIoFrame frame) {
        DataOutputStream to = nodes.get(node);
        if (to == null) {
            return;
        }
        try {
            frame.writeTo(to);
        } catch (IOException e) {
            // that node's tasks are gone already
        }
    }

    private void broadcast(StepIoFrame frame) {
        for (DataOutputStream to : nodes.values()) {
            try {
                frame.writeTo(to);
            } catch (IOException e) {
                // that node's tasks are gone already
            }
        }
    }

    /** Sends a signal to every task of the step. */
    public void signal(int signal) {
        if (signal == 9) {
            cancelled = true;
        }
        for (DataOutputStream to : nodes.values()) {
            try {
                StepIoFrame.signal(signal).writeTo(to);
            } catch (IOException e) {
                // that node's tasks are gone already
            }
        }
    }

    /** What a single Ctrl-C prints: the step's tasks by state. */
    public List<String> status() {
        StepLayout current = layout;
        if (current == null) {
            return List.of();
        }
        String stepId = current.getJobId() + "." + current.getStepId();
        List<Integer> running = new ArrayList<>();
        List<Integer> done = new ArrayList<>();
        for (int task = 0; task < current.getNtasks(); task++) {
            (exits.ended(task) ? done : running).add(task);
        }
        List<String> lines = new ArrayList<>();
        if (!running.isEmpty()) {
            lines.add("srun: StepId=" + stepId + " tasks " + TaskExits.ranges(running) + ": running");
        }
        if (!done.isEmpty()) {
            lines.add("srun: StepId=" + stepId + " tasks " + TaskExits.ranges(done) + ": exited");
        }
        return lines;
    }

    /** Whether the OOM killer ended one of the step's tasks (known once {@link #run} returned). */
    public boolean outOfMemory() {
        return exits.outOfMemory();
    }

    public boolean cancelled() {
        return cancelled;
    }

    public Optional<StepLayout> layout() {
        return Optional.ofNullable(layout);
    }

    private void complete(int exitCode, int signal, boolean outOfMemory) {
        try {
            controller.call(StepCompleteRequest.newBuilder().setJobId(layout.getJobId())
                    .setStepId(layout.getStepId()).setExitCode(exitCode).setTermSignal(signal)
                    .setOutOfMemory(outOfMemory).build(), Ack.class);
        } catch (ControllerException e) {
            err.println("srun: error: Unable to report the end of StepId=" + layout.getJobId() + "."
                    + layout.getStepId() + ": " + e.getMessage());
        }
    }

    /**
     * The address nodes reach srun at: the local address of the route to the first node
     * ({@code SLURM_SRUN_COMM_HOST} is not read: the route decides).
     */
    private static InetAddress ioHost(StepNode first) {
        try (DatagramSocket probe = new DatagramSocket()) {
            probe.connect(new InetSocketAddress(first.getAddress(), first.getPort()));
            InetAddress local = probe.getLocalAddress();
            if (!local.isAnyLocalAddress()) {
                return local;
            }
        } catch (IOException | RuntimeException e) {
            // fall through to the host's own address
        }
        try {
            return InetAddress.getLocalHost();
        } catch (IOException e) {
            return InetAddress.getLoopbackAddress();
        }
    }

    private static Thread daemon(String name, Runnable body) {
        Thread thread = new Thread(body, name);
        thread.setDaemon(true);
        return thread;
    }
}
